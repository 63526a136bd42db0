package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.kamaji.ApiErrors;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.gpulab.engine.sim.SimKamajiLabTest.lab;
import static io.gpulab.engine.sim.SimKamajiLabTest.tenant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each Kamaji fault's effect on both tenants, and its healing. */
class SimKamajiFaultsTest {

    private static ControlPlaneView cp(SimBackend sim, String tenant) {
        return sim.snapshot().tenant(tenant).orElseThrow().controlPlane();
    }

    private static PodView pod(SimBackend sim, String tenant, String name) {
        return sim.snapshot().tenant(tenant).orElseThrow().pod("default/" + name).orElseThrow();
    }

    @Test
    void writePermissionsLimitOneTenantAndTheWebhookMatchesNoBinding() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        assertTrue(sim.execute(Pods.submit("tenant-a", "before", 1000, 10)).accepted());
        sim.execute(new LabCommand.SetWritePermissions("tenant-a", true, false, true));
        assertEquals("WriteLimited", cp(sim, "tenant-a").phase());
        assertEquals("Ready", cp(sim, "tenant-b").phase(), "the other tenant is untouched");
        CommandResult r = sim.execute(Pods.submit("tenant-a", "blocked", 1000, 10));
        assertEquals(ApiErrors.writeLimited(), r.message());
        assertEquals("Forbidden", pod(sim, "tenant-a", "blocked").reason());
        assertEquals("tenant-a: " + ApiErrors.writeLimited(), sim.execute(new LabCommand.DeletePod("tenant-a",
                "default/before")).message());
        assertTrue(sim.execute(Pods.submit("tenant-b", "free", 1000, 10)).accepted());
        assertEquals("Running", pod(sim, "tenant-b", "free").phase());
        sim.execute(new LabCommand.SetWritePermissions("tenant-a", false, false, false));
        assertEquals("Ready", cp(sim, "tenant-a").phase());
        assertTrue(sim.execute(new LabCommand.DeletePod("tenant-a", "default/before")).accepted());
    }

    @Test
    void blockUpdateStopsHamisPatchesUntilItIsCleared() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.SetWritePermissions("tenant-a", false, true, false));
        sim.execute(Pods.submit("tenant-a", "p1", 1000, 10));
        PodView p = pod(sim, "tenant-a", "p1");
        assertEquals("Pending", p.phase(), "created (creates are allowed) but HAMi cannot patch it");
        assertEquals("SchedulerError", p.reason());
        assertEquals(ApiErrors.writeLimited(), p.message());
        sim.execute(new LabCommand.SetWritePermissions("tenant-a", false, false, false));
        assertEquals("Running", pod(sim, "tenant-a", "p1").phase(), "retried once the webhook is gone");
    }

    @Test
    void aKonnectivityServerRestartFailsWebhooksForTenSecondsThenHeals() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.RestartKonnectivityServer("tenant-a"));
        TenantView a = sim.snapshot().tenant("tenant-a").orElseThrow();
        assertFalse(a.tunnel().webhookReachable());
        assertTrue(a.tunnel().error().endsWith("No agent available"), a.tunnel().error());
        assertTrue(sim.snapshot().tenant("tenant-b").orElseThrow().tunnel().webhookReachable());
        sim.execute(Pods.submit("tenant-a", "during", 1000, 10));
        assertEquals("default-scheduler", pod(sim, "tenant-a", "during").schedulerName(),
                "Ignore admitted it unchanged");
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        assertTrue(sim.snapshot().tenant("tenant-a").orElseThrow().tunnel().webhookReachable());
        sim.execute(Pods.submit("tenant-a", "after", 1000, 10));
        assertEquals("hami-scheduler", pod(sim, "tenant-a", "after").schedulerName());
    }

    /**
     * The 30 s in which Kamaji still reads Ready after the quorum is lost: the view says the API server refuses reads
     * and writes and when the pods will stop being ready; once the quorum is back, when they will pass /readyz again.
     */
    @Test
    void aControlPlaneReadyWithoutItsDataStoreSaysItRefusesAndWhenItTurnsNotReady() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        java.time.Instant t0 = sim.snapshot().now();
        // one member left up: it answers, without a quorum, with etcd's own timeout
        sim.execute(new LabCommand.SetDataStoreMember("default", "kamaji-etcd-0", false));
        sim.execute(new LabCommand.SetDataStoreMember("default", "kamaji-etcd-1", false));
        assertEquals("etcdserver: request timed out", sim.snapshot().management().dataStores().get(0).error());
        ControlPlaneView a = cp(sim, "tenant-a");
        assertEquals("Ready", a.phase(), "Kamaji's status: its pods pass /readyz until 3 probes have failed");
        assertTrue(a.readyButRefusing());
        assertEquals("Ready; its API server refuses reads and writes: " + ApiErrors.storageTimeout(),
                a.statusInWords());
        assertEquals("kube-apiserver pods still ready, though DataStore default has no quorum: their /readyz etcd "
                + "check fails 3 probes of 10 s first; not ready from " + t0.plusSeconds(30) + " unless the quorum "
                + "returns", a.effects().get(0));
        CommandResult refused = sim.execute(Pods.submit("tenant-a", "p1", 1000, 10));
        assertEquals(ApiErrors.storageTimeout(), refused.message());
        assertEquals("DataStoreUnavailable", pod(sim, "tenant-a", "p1").reason());

        sim.execute(new LabCommand.Advance(Duration.ofSeconds(30)));
        a = cp(sim, "tenant-a");
        assertEquals("NotReady", a.phase());
        assertFalse(a.readyButRefusing());
        assertEquals("NotReady; a client reads: " + ApiErrors.refused(a.endpoint()), a.statusInWords());
        assertTrue(a.effects().stream().noneMatch(e -> e.contains("/readyz")), String.join("\n", a.effects()));

        sim.execute(new LabCommand.SetDataStoreMember("default", null, true));
        a = cp(sim, "tenant-a");
        assertEquals("NotReady", a.phase(), "the next probe passes 10 s later");
        assertEquals("DataStore default answers again: the kube-apiserver pods pass their next /readyz probe at "
                + t0.plusSeconds(40), a.effects().get(0));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        a = cp(sim, "tenant-a");
        assertEquals("Ready", a.statusInWords());
        assertTrue(a.effects().isEmpty(), String.join("\n", a.effects()));
    }

    /**
     * With every member down no etcd server is left to answer "etcdserver: request timed out": the API server's
     * requests wait out its request timeout; gpulab says so and does not invent the client's text.
     */
    @Test
    void everyMemberDownIsNoEtcdTextButARequestThatTimesOut() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.SetDataStoreMember("default", null, false));
        assertEquals("no etcd member answers", sim.snapshot().management().dataStores().get(0).error());
        ControlPlaneView a = cp(sim, "tenant-a");
        String text = "no etcd member answers: each request fails after kube-apiserver's 60 s request timeout (its "
                + "exact error text depends on the Kubernetes version; gpulab does not model it)";
        assertEquals(text, a.apiError());
        assertFalse(a.apiError().contains("etcdserver"), "no etcd server answered anything");
        assertEquals("Ready; its API server refuses reads and writes: " + text, a.statusInWords());
        CommandResult refused = sim.execute(Pods.submit("tenant-a", "p1", 1000, 10));
        assertEquals(text, refused.message());
        assertEquals("DataStoreUnavailable", pod(sim, "tenant-a", "p1").reason());
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(30)));
        a = cp(sim, "tenant-a");
        assertEquals("NotReady", a.phase());
        assertEquals("readiness probe failed: /readyz etcd check (DataStore default no etcd member answers)",
                a.pods().get(0).message());
        // one member back: it answers again, without a quorum, with etcd's text
        sim.execute(new LabCommand.SetDataStoreMember("default", "kamaji-etcd-2", true));
        assertEquals("etcdserver: request timed out", sim.snapshot().management().dataStores().get(0).error());
        assertEquals("readiness probe failed: /readyz etcd check (DataStore default etcdserver: request timed out)",
                cp(sim, "tenant-a").pods().get(0).message());
    }

    /**
     * A lost replica: Kamaji's computeStatus reads Unknown (not all ready, not upgrading, a version installed; Kamaji
     * has no conditions), and the event says it is Kamaji's word and that the API server still serves, not "is
     * Unknown" alone.
     */
    @Test
    void aLostReplicaIsKamajisUnknownAndTheEventSaysWhatThatMeans() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.LoseTcpReplica("tenant-a", null));
        ControlPlaneView a = cp(sim, "tenant-a");
        assertEquals("Unknown", a.phase());
        assertTrue(a.serving(), "one replica still serves");
        io.gpulab.engine.api.LabEvent e = sim.events().stream()
                .filter(x -> x.object().equals("TenantControlPlane/" + a.namespace() + "/tenant-a")).reduce((x, y) -> y)
                .orElseThrow();
        assertEquals("Unknown", e.reason());
        assertEquals("TenantControlPlane tenant-a status Unknown (1/2 replicas ready, version v1.35.0): Kamaji's "
                + "computeStatus reads Unknown while its Deployment is neither all ready nor upgrading; its API server "
                + "serves from the ready replica", e.message());
    }

    @Test
    void aRevokedEtcdRoleSaysWhenTheControlPlaneTurnsNotReadyAndWhenItIsBack() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        java.time.Instant t0 = sim.snapshot().now();
        sim.execute(new LabCommand.SetDataStoreAccess("tenant-a", false));
        ControlPlaneView a = cp(sim, "tenant-a");
        assertEquals("Ready; its API server refuses reads and writes: " + ApiErrors.permissionDenied(),
                a.statusInWords());
        assertEquals("kube-apiserver pods still ready, though their etcd role lost its permission: their /readyz "
                + "etcd check fails 3 probes of 10 s first; not ready from " + t0.plusSeconds(30) + " unless it is "
                + "granted again", a.effects().get(0));
        assertEquals("Ready", cp(sim, "tenant-b").statusInWords(), "the other tenant's role is untouched");
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(30)));
        sim.execute(new LabCommand.SetDataStoreAccess("tenant-a", true));
        assertEquals("the etcd role's permission is back: the kube-apiserver pods pass their next /readyz probe at "
                + t0.plusSeconds(40), cp(sim, "tenant-a").effects().get(0));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        assertEquals("Ready", cp(sim, "tenant-a").statusInWords());
    }

    @Test
    void theKamajiControllerIsNotRunningWhileNoManagementNodeIsReady() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        assertTrue(sim.snapshot().management().kamajiReady());
        sim.execute(new LabCommand.SetManagementNode("kamaji-control-plane", "lost"));
        assertFalse(sim.snapshot().management().kamajiReady(), "its only node is lost");
        sim.execute(new LabCommand.SetManagementNode("kamaji-control-plane", "ready"));
        assertTrue(sim.snapshot().management().kamajiReady());
        sim.execute(new LabCommand.SetManagementNode("kamaji-control-plane", "drained"));
        assertFalse(sim.snapshot().management().kamajiReady(), "drained: its controller is evicted and fits nowhere");
    }

    @Test
    void drainingTheOnlyManagementNodeTakesTheDataStoreAndEveryControlPlaneDown() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.SetManagementNode("kamaji-control-plane", "drained"));
        assertFalse(sim.snapshot().management().dataStores().get(0).ready(), "its three etcd members were on it");
        ControlPlaneView a = cp(sim, "tenant-a");
        assertEquals("NotReady", a.phase());
        assertEquals("0/1 nodes are available: 1 node(s) were unschedulable.", a.pods().get(0).message());
        assertFalse(cp(sim, "tenant-b").serving());
        sim.execute(new LabCommand.SetManagementNode("kamaji-control-plane", "ready"));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        assertEquals("Ready", cp(sim, "tenant-a").phase());
        assertTrue(cp(sim, "tenant-b").serving());
    }

    @Test
    void aRecreateUpgradeLeavesTheTenantWithoutAnApiUntilTheNewPodsStart() {
        String cp = """
                      controlPlane:
                        kubernetes: {version: v1.34.1}
                        controlPlane:
                          service: {serviceType: LoadBalancer}
                          deployment: {strategy: {type: Recreate}}
                        addons: {konnectivity: {}}
                """;
        SimBackend sim = SimBackend.start(lab(tenant("tenant-a", cp) + tenant("tenant-b", ""), ""));
        assertTrue(sim.execute(new LabCommand.UpgradeControlPlane("tenant-a", "v1.35.2")).accepted());
        ControlPlaneView a = cp(sim, "tenant-a");
        assertEquals("NotReady", a.phase(), "Recreate removed the old pods first");
        assertEquals(ApiErrors.refused("172.18.255.200:6443"), a.apiError());
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        a = cp(sim, "tenant-a");
        assertEquals("Ready", a.phase());
        assertEquals("v1.35.2", a.installedVersion());
        assertEquals("Ready", cp(sim, "tenant-b").phase());
        assertEquals("v1.35.0", cp(sim, "tenant-b").installedVersion(), "the other tenant is untouched");
    }

    @Test
    void sleepingHasNoApiServer() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.ScaleControlPlane("tenant-b", 0));
        assertEquals("Sleeping", cp(sim, "tenant-b").phase());
        assertEquals(ApiErrors.refused("172.18.255.201:6443"), cp(sim, "tenant-b").apiError());
        sim.execute(new LabCommand.ScaleControlPlane("tenant-b", 2));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        assertEquals("Ready", cp(sim, "tenant-b").phase());
    }

    @Test
    void anUntouchedManagementClusterRedrawsNoTenantWhenTheClockMoves() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        TenantView before = sim.snapshot().tenant("tenant-a").orElseThrow();
        sim.execute(new LabCommand.Advance(Duration.ofMinutes(5)));
        assertSame(before, sim.snapshot().tenant("tenant-a").orElseThrow(),
                "nothing Kamaji holds changed: the tenant's view is the cached one");
    }
}
