package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The management cluster as the lab builds it: TCP pods on management nodes by their requests, Kamaji's status. */
class SimKamajiLabTest {

    static LabSpec lab(String tenants, String management) {
        String yaml = """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: kamaji}
                lab:
                %s  tenants:
                %s""".formatted(management, tenants);
        return new ScenarioReader().read("kamaji.yaml", new StringReader(yaml), false).lab();
    }

    static String tenant(String name, String controlPlane) {
        return """
                    - name: %s
                      workers:
                        - name: %s-worker
                          cards: [{model: A100-80GB}]
                %s""".formatted(name, name, controlPlane);
    }

    @Test
    void theArticleLabRunsBothControlPlanesAndTheDataStoreOnItsOneManagementNode() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        ManagementView m = sim.snapshot().management();
        assertEquals(1, m.nodes().size());
        ManagementView.NodeView node = m.nodes().get(0);
        assertEquals("kamaji-control-plane", node.name());
        assertEquals(7, node.pods().size(), "3 kamaji-etcd members and 2 replicas per tenant: " + node.pods());
        assertEquals(List.of("kamaji-etcd-0", "kamaji-etcd-1", "kamaji-etcd-2"), node.pods().subList(0, 3));
        ManagementView.DataStoreView ds = m.dataStores().get(0);
        assertEquals("default", ds.name());
        assertTrue(ds.ready());
        assertEquals(2, ds.quorum());
        assertEquals(List.of("default/tenant-a", "default/tenant-b"), ds.usedBy());
        ControlPlaneView a = sim.snapshot().tenant("tenant-a").orElseThrow().controlPlane();
        assertEquals("Ready", a.phase());
        assertEquals("v1.35.0", a.installedVersion());
        assertEquals(2, a.readyReplicas());
        assertTrue(a.serving());
        assertEquals("/" + a.dataStoreSchema() + "/", ds.prefixes().get("tenant-a"));
        assertFalse(ds.prefixes().get("tenant-a").equals(ds.prefixes().get("tenant-b")));
        List<String> reasons = sim.events().stream().filter(e -> e.object().equals("TenantControlPlane/default/tenant-a"))
                .map(LabEvent::reason).toList();
        assertEquals(List.of("Provisioning", "NotReady", "Ready"), reasons, "Kamaji's phases as the lab was built");
    }

    @Test
    void aControlPlaneTheManagementNodesCannotHoldIsNotReadyAndItsTenantIsRefused() {
        String cp = """
                      controlPlane:
                        controlPlane:
                          deployment:
                            replicas: 1
                            resources: {apiServer: {requests: {cpu: "3", memory: 2Gi}}}
                          service: {serviceType: LoadBalancer}
                        kubernetes: {version: v1.35.0}
                        addons: {konnectivity: {}}
                """;
        SimBackend sim = SimBackend.start(lab(tenant("tenant-a", cp) + tenant("tenant-b", cp), ""));
        ControlPlaneView a = sim.snapshot().tenant("tenant-a").orElseThrow().controlPlane();
        ControlPlaneView b = sim.snapshot().tenant("tenant-b").orElseThrow().controlPlane();
        assertEquals("Ready", a.phase());
        assertEquals("NotReady", b.phase());
        assertEquals("Pending", b.pods().get(0).phase());
        assertEquals("0/1 nodes are available: 1 Insufficient cpu.", b.pods().get(0).message());
        String refused = "The connection to the server 172.18.255.201:6443 was refused - did you specify the right host "
                + "or port?";
        assertEquals(refused, b.apiError());
        CommandResult r = sim.execute(Pods.submit("tenant-b", "p1", 1000, 10));
        assertEquals(refused, r.message());
        PodView p = sim.snapshot().tenant("tenant-b").orElseThrow().pod("default/p1").orElseThrow();
        assertEquals("Rejected", p.phase());
        assertEquals("ConnectionRefused", p.reason());
        PodTrace.Step create = sim.trace("tenant-b", "default/p1").steps().get(0);
        assertEquals("create", create.stage());
        assertEquals(PodTrace.Outcome.FAILED, create.outcome());
        assertTrue(sim.execute(Pods.submit("tenant-a", "p1", 1000, 10)).accepted(), "tenant-a is not affected");
        assertEquals("Running", sim.snapshot().tenant("tenant-a").orElseThrow().pod("default/p1").orElseThrow().phase());
    }

    @Test
    void withoutTheKonnectivityAddonTheWebhookTimesOutAndIgnoreAdmitsThePodUnchanged() {
        String cp = """
                      controlPlane:
                        controlPlane: {service: {serviceType: LoadBalancer}}
                        kubernetes: {version: v1.35.0}
                """;
        SimBackend sim = SimBackend.start(lab(tenant("tenant-a", cp), ""));
        assertFalse(sim.snapshot().tenant("tenant-a").orElseThrow().tunnel().webhookReachable());
        assertTrue(sim.execute(Pods.submit("tenant-a", "p1", 1000, 10)).accepted());
        PodView p = sim.snapshot().tenant("tenant-a").orElseThrow().pod("default/p1").orElseThrow();
        assertEquals("default-scheduler", p.schedulerName());
        String error = sim.trace("tenant-a", "default/p1").steps().get(1).evidence().get("error");
        assertTrue(error.endsWith("?timeout=10s\": context deadline exceeded"), error);
    }
}
