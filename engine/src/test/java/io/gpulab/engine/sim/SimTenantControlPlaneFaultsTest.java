package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.kamaji.ApiErrors;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Faults of one tenant's own control plane: its etcd role on its prefix, its kube-scheduler and controller-manager. */
class SimTenantControlPlaneFaultsTest {

    private static ControlPlaneView cp(SimBackend sim, String tenant) {
        return sim.snapshot().tenant(tenant).orElseThrow().controlPlane();
    }

    private static PodView pod(SimBackend sim, String tenant, String name) {
        return sim.snapshot().tenant(tenant).orElseThrow().pod("default/" + name).orElseThrow();
    }

    /** A CPU-only pod: HAMi's webhook leaves it to the tenant's default-scheduler. */
    private static LabCommand.SubmitPod cpuPod(String tenant, String name) {
        return new LabCommand.SubmitPod(tenant, Map.of("apiVersion", "v1", "kind", "Pod",
                "metadata", Map.of("name", name, "namespace", "default"),
                "spec", Map.of("containers", java.util.List.of(Map.of("name", "main", "image", "busybox:1.36",
                        "resources", Map.of("requests", Map.of("cpu", "100m")))))));
    }

    @Test
    void aRevokedEtcdRoleRefusesThatTenantOnlyUntilGrantedAgain() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        assertTrue(sim.execute(Pods.submit("tenant-a", "before", 1000, 10)).accepted());
        CommandResult revoke = sim.execute(new LabCommand.SetDataStoreAccess("tenant-a", false));
        assertTrue(revoke.accepted(), revoke.message());
        LabEvent ev = revoke.events().stream().filter(e -> e.reason().equals("DataStoreAccessRevoked")).findFirst()
                .orElseThrow();
        assertTrue(ev.message().contains("lost READWRITE on /" + cp(sim, "tenant-a").dataStoreSchema() + "/"),
                ev.message());
        assertEquals(ApiErrors.permissionDenied(), cp(sim, "tenant-a").apiError());
        assertTrue(cp(sim, "tenant-a").has("dataStoreAccess: revoked"));
        assertEquals("", cp(sim, "tenant-b").apiError(), "tenant-b's role and prefix are untouched");
        assertEquals(ApiErrors.permissionDenied(), sim.execute(Pods.submit("tenant-a", "new", 1000, 10)).message());
        assertEquals("DataStorePermissionDenied", pod(sim, "tenant-a", "new").reason());
        assertEquals("Running", pod(sim, "tenant-a", "before").phase(), "running pods keep running");
        assertTrue(sim.execute(Pods.submit("tenant-b", "free", 1000, 10)).accepted());
        assertEquals("Running", pod(sim, "tenant-b", "free").phase());
        assertEquals("Ready", cp(sim, "tenant-b").phase());
        // the /readyz etcd check reads /<schema>/health: 3 failed probes of 10 s
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(30)));
        assertEquals("NotReady", cp(sim, "tenant-a").phase());
        assertEquals(ApiErrors.refused(cp(sim, "tenant-a").endpoint()), cp(sim, "tenant-a").apiError());
        assertTrue(cp(sim, "tenant-a").pods().get(0).message().contains("permission denied"),
                cp(sim, "tenant-a").pods().get(0).message());
        assertEquals("Ready", cp(sim, "tenant-b").phase());
        sim.execute(new LabCommand.SetDataStoreAccess("tenant-a", true));
        assertFalse(cp(sim, "tenant-a").has("dataStoreAccess: revoked"));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        assertEquals("Ready", cp(sim, "tenant-a").phase(), "ready one probe period after the grant");
        assertTrue(sim.execute(Pods.submit("tenant-a", "new", 1000, 10)).accepted());
        assertEquals("Running", pod(sim, "tenant-a", "new").phase());
    }

    @Test
    void aStoppedKubeSchedulerLeavesDefaultSchedulerPodsPendingWithoutAnEventWhileHamiStillPlaces() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        CommandResult down = sim.execute(new LabCommand.SetControlPlaneComponent("tenant-a", "kube-scheduler",
                false));
        assertTrue(down.accepted(), down.message());
        assertEquals("Ready", cp(sim, "tenant-a").phase(), "its container runs: the pods stay Ready");
        assertTrue(cp(sim, "tenant-a").has("kube-scheduler: down"));
        CommandResult cpu = sim.execute(cpuPod("tenant-a", "cpu"));
        PodView p = pod(sim, "tenant-a", "cpu");
        assertEquals("Pending", p.phase());
        assertEquals("", p.node());
        assertTrue(cpu.events().stream().noneMatch(e -> e.object().endsWith("/cpu") && e.reason()
                .equals("FailedScheduling")), "nobody writes an event: " + cpu.events());
        sim.execute(Pods.submit("tenant-a", "gpu", 1000, 10));
        assertEquals("Running", pod(sim, "tenant-a", "gpu").phase(), "hami-scheduler runs in the tenant's cluster");
        sim.execute(cpuPod("tenant-b", "cpu"));
        assertEquals("Running", pod(sim, "tenant-b", "cpu").phase(), "tenant-b's scheduler is its own");
        sim.execute(new LabCommand.SetControlPlaneComponent("tenant-a", "kube-scheduler", true));
        assertEquals("Running", pod(sim, "tenant-a", "cpu").phase(), "placed once its scheduler works again");
        assertFalse(cp(sim, "tenant-a").has("kube-scheduler: down"));
    }

    @Test
    void aTenantOnAKineDataStoreIsRefusedTheAccessFaultWithTheReason() {
        SimBackend sim = SimBackend.start(new io.gpulab.engine.scenario.ScenarioReader().read("kine.yaml",
                new java.io.StringReader("""
                        apiVersion: gpulab.io/v1
                        kind: Scenario
                        metadata: {name: kine}
                        lab:
                          management:
                            nodes: [{name: mgmt-1, cpu: 8, memoryMiB: 16384}]
                            dataStores: [{name: pg, driver: PostgreSQL}]
                          tenants:
                            - name: tenant-a
                              controlPlane:
                                kubernetes: {version: v1.35.0}
                                controlPlane: {service: {serviceType: LoadBalancer}}
                                dataStore: pg
                              workers: [{name: w, cards: [{model: A100-80GB}]}]
                        steps: []
                        """), false).lab());
        CommandResult r = sim.execute(new LabCommand.SetDataStoreAccess("tenant-a", false));
        assertFalse(r.accepted());
        assertTrue(r.message().contains("etcd DataStores only"), r.message());
    }
}
