package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.kamaji.ApiErrors;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tenant's panel says what its API server cannot do, from the snapshot alone, and claims no more than the engine
 * models or, on a real cluster, than was observed (docs/workbench.md, "A tenant's API server").
 */
class ApiServerWordsTest {

    private static List<String> lines(WorkbenchViewModel vm, String tenant) {
        LabSnapshot s = vm.snapshot();
        return ApiServerWords.of(s, s.tenant(tenant).orElseThrow());
    }

    @Test
    void everyMemberDownSaysTheEnginesTimeoutAndARevokedRoleNamesTheRole() throws Exception {
        WorkbenchViewModel vm = Fixtures.articleViewModel();
        try {
            vm.faults().setDataStoreMember("default", null, false);
            List<String> down = lines(vm, "tenant-a");
            assertEquals("API server cannot store or read anything: its DataStore default has no quorum (0 of 3 etcd "
                    + "members up, 2 needed). Every create, read and delete times out: " + ApiErrors.noEtcdMember(),
                    down.get(0));
            assertTrue(down.get(1).startsWith("Not down: Kamaji reads Ready; "), down.toString());
            vm.faults().setDataStoreMember("default", null, true);
            assertEquals(List.of(), lines(vm, "tenant-a"));

            vm.faults().setDataStoreAccess("tenant-a", false);
            List<String> revoked = lines(vm, "tenant-a");
            assertEquals("API server cannot store or read anything: its etcd role on its prefix in DataStore default "
                    + "is revoked. Every create, read and delete fails: " + ApiErrors.permissionDenied(),
                    revoked.get(0), revoked.toString());
            assertTrue(revoked.get(1).startsWith("Not down: Kamaji reads Ready; "), revoked.toString());
            assertEquals(List.of(), lines(vm, "tenant-b"), "the other tenant's role is untouched");
        } finally {
            vm.close();
        }
    }

    @Test
    void aRealClusterSaysWhatWasObservedAndNoCountItDidNotRead() {
        // a tenant whose TenantControlPlane was not read (no counts), its API server refusing as observed
        ControlPlaneView cp = new ControlPlaneView("tenant-a", "", "Unknown", "", "", List.of(), "", "", 0, 0, 0, "",
                "dial tcp 10.0.0.1:6443: connect: connection refused", "none", List.of(), List.of(), List.of(),
                "GET /version failed at 2026-01-01T00:00:00Z and since");
        LabSnapshot real = Fixtures.articleAfterFourPods(false);
        TenantView a = real.tenants().get(0);
        TenantView t = new TenantView(a.name(), cp, a.tunnel(), a.webhookFailurePolicy(), a.nodes(), a.pods());
        assertEquals(List.of("API server refuses requests: dial tcp 10.0.0.1:6443: connect: connection refused (GET "
                + "/version failed at 00:00:00 and since)", "gpulab did not observe why the API server refuses"),
                ApiServerWords.of(real, t));
    }
}
