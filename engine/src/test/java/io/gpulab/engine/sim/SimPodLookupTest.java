package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code pod(tenant, key)}, which a scenario run asks after every submit instead of building a snapshot, must
 * answer exactly what the snapshot lists: running, pending, refused-at-admission and deleted pods alike.
 */
class SimPodLookupTest {

    private final SimBackend lab = SimBackend.start(ArticleLab.spec());

    @Test
    void everyPodIsSeenAsTheSnapshotListsIt() {
        lab.execute(Pods.submit(TENANT_A, "fits", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "too-big", 90000, 30));
        lab.execute(new LabCommand.SetWebhookFailurePolicy(TENANT_A, "Fail"));
        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, false));
        lab.execute(Pods.submit(TENANT_A, "refused", 1000, 10));
        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, true));
        lab.execute(Pods.submit(TENANT_A, "gone", 1000, 10));
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gone"));

        TenantView a = lab.snapshot().tenant(TENANT_A).orElseThrow();
        assertEquals(3, a.pods().size(), "fits, too-big and refused are listed; gone is not");
        for (PodView p : a.pods()) {
            assertEquals(Optional.of(p), lab.pod(TENANT_A, p.key()), p.key());
        }
        assertEquals("Running", lab.pod(TENANT_A, "default/fits").orElseThrow().phase());
        assertEquals("Pending", lab.pod(TENANT_A, "default/too-big").orElseThrow().phase());
        assertEquals("Rejected", lab.pod(TENANT_A, "default/refused").orElseThrow().phase());
        assertTrue(lab.pod(TENANT_A, "default/gone").isEmpty());
        assertTrue(lab.pod("tenant-c", "default/fits").isEmpty());
        assertTrue(lab.pod("tenant-b", "default/fits").isEmpty(), "another tenant's pod is not visible");
    }
}
