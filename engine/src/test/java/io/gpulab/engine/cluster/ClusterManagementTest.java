package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.ManagementView.DataStoreView;
import io.gpulab.engine.api.ManagementView.MemberView;
import io.gpulab.engine.api.ManagementView.NodeView;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster backend reads a Kamaji management cluster read-only: TenantControlPlanes (status, replicas, the
 * Deployment's readiness and pods), DataStores (driver, ready, usedBy, members) and the management nodes, from real
 * Kamaji-shaped manifests on fabric8's mock API server; what cannot be read is one line.
 */
class ClusterManagementTest {

    @TempDir
    Path dir;

    private ManagementServer kamajiLab(MockLab.TenantServer a, MockLab.TenantServer b) throws Exception {
        ManagementServer m = new ManagementServer();
        m.load("/kamaji/management-objects.yaml");
        m.load("/kamaji/management-pods.yaml");
        secrets(m, Map.of("tenant-a", a.url(), "tenant-b", b.url()));
        return m;
    }

    private static void secrets(ManagementServer m, Map<String, String> urls) {
        urls.forEach((name, url) -> m.client.secrets().inNamespace("default").resource(new SecretBuilder()
                .withNewMetadata().withName(name + "-admin-kubeconfig").withNamespace("default").endMetadata()
                .withData(Map.of("admin.conf", Base64.getEncoder().encodeToString(MockLab.kubeconfig(url, name,
                        MockLab.TOKEN_PREFIX + name).getBytes(StandardCharsets.UTF_8)))).build()).create());
    }

    private ClusterOptions options(ManagementServer m) throws Exception {
        return ClusterOptions.management(KubeconfigRef.of(MockLab.writeKubeconfig(dir, "management",
                m.client.getConfiguration().getMasterUrl(), MockLab.TOKEN_PREFIX + "management"), null))
                .withSyncTimeout(Duration.ofSeconds(20));
    }

    @Test
    void tenantControlPlanesAreReadAsKamajiReportsThem() throws Exception {
        try (MockLab.TenantServer a = new MockLab.TenantServer(); MockLab.TenantServer b = new MockLab.TenantServer();
             ManagementServer m = kamajiLab(a, b); ClusterBackend backend = ClusterBackend.connect(options(m))) {
            LabSnapshot s = backend.snapshot();
            ControlPlaneView ta = s.tenant("tenant-a").orElseThrow().controlPlane();
            assertEquals("Ready", ta.phase());
            assertEquals("v1.35.7", ta.version());
            assertEquals("v1.35.7", ta.installedVersion());
            assertEquals(List.of(2, 2, 2), List.of(ta.replicas(), ta.readyReplicas(), ta.updatedReplicas()));
            assertEquals("default", ta.dataStore());
            assertEquals("3f1c9a52-7d0e-4a8b-9a43-2f0c8e1b7d11", ta.dataStoreSchema());
            assertEquals("172.18.255.200:6443", ta.endpoint());
            assertEquals("none", ta.writePermissions());
            assertEquals(List.of("tenant-a-6c9f7d8b5-4xkzp@kamaji-control-plane", "tenant-a-6c9f7d8b5-q7w2m@kamaji-worker"),
                    ta.pods().stream().map(p -> p.name() + "@" + p.node()).toList());
            assertTrue(ta.pods().stream().allMatch(p -> p.ready() && p.version().equals("v1.35.7")));
            assertEquals(List.of("kube-apiserver", "kube-scheduler", "kube-controller-manager", "konnectivity-server"),
                    ta.components().stream().map(ControlPlaneView.ComponentView::name).toList());

            ControlPlaneView tb = s.tenant("tenant-b").orElseThrow().controlPlane();
            assertEquals("Upgrading", tb.phase(), "the status is Kamaji's, read, not computed");
            assertEquals("v1.36.1", tb.version());
            assertEquals("v1.35.7", tb.installedVersion());
            assertEquals(List.of(2, 2, 1), List.of(tb.replicas(), tb.readyReplicas(), tb.updatedReplicas()));
            assertEquals("blockCreation", tb.writePermissions());
            assertEquals(3, tb.pods().size());
            ControlPlaneView.TcpPodView pending = tb.pods().stream().filter(p -> p.node().isEmpty()).findFirst()
                    .orElseThrow();
            assertEquals("Pending", pending.phase());
            assertEquals("v1.36.1", pending.version());
            assertTrue(pending.message().startsWith("0/2 nodes are available: 1 Insufficient cpu"), pending.message());
        }
    }

    @Test
    void dataStoresAndManagementNodesAreDrawnFromTheCluster() throws Exception {
        try (MockLab.TenantServer a = new MockLab.TenantServer(); MockLab.TenantServer b = new MockLab.TenantServer();
             ManagementServer m = kamajiLab(a, b); ClusterBackend backend = ClusterBackend.connect(options(m))) {
            ManagementView mv = backend.snapshot().management();
            DataStoreView ds = mv.dataStores().get(0);
            assertEquals(List.of("default", "etcd", 2, true), List.of(ds.name(), ds.driver(), ds.quorum(), ds.ready()));
            assertEquals(List.of("default/tenant-a", "default/tenant-b"), ds.usedBy());
            assertEquals(Map.of("tenant-a", "/3f1c9a52-7d0e-4a8b-9a43-2f0c8e1b7d11/",
                    "tenant-b", "/8a2d4e6f-1b3c-4d5e-8f70-9a1b2c3d4e5f/"), ds.prefixes());
            assertEquals(List.of(new MemberView("kamaji-etcd-0", "kamaji-control-plane", true),
                    new MemberView("kamaji-etcd-1", "kamaji-control-plane", true),
                    new MemberView("kamaji-etcd-2", "kamaji-worker", false)), ds.members());

            assertEquals(List.of("kamaji-control-plane", "kamaji-worker"), mv.nodes().stream().map(NodeView::name).toList());
            NodeView cp = mv.nodes().get(0);
            assertEquals(List.of(4, 8192, "zone-a", "Ready"), List.of(cp.cpu(), cp.memoryMiB(), cp.zone(), cp.state()));
            assertEquals(List.of("kamaji-etcd-0", "kamaji-etcd-1", "tenant-a-6c9f7d8b5-4xkzp",
                    "tenant-b-5f8e2a1d9-8vbxr", "tenant-b-7d4b9c6f8-2lmnq"), cp.pods().stream().sorted().toList());
            assertEquals(500 + 250 + 250, cp.cpuRequestedMilli(), "tenant-a's pod 500m, tenant-b's two 250m each");
            NodeView worker = mv.nodes().get(1);
            assertEquals("SchedulingDisabled", worker.state());
            assertEquals(1, worker.cpu(), "allocatable 1900m, in whole cores");
            assertEquals(3584, worker.memoryMiB());
            assertEquals(600, worker.cpuRequestedMilli(), "every pod bound there counts, coredns's 100m too");
            assertEquals(List.of("kamaji-etcd-2", "tenant-a-6c9f7d8b5-q7w2m"), worker.pods().stream().sorted().toList());
            assertTrue(mv.warnings().stream().noneMatch(w -> w.contains("Exception")), mv.warnings().toString());
        }
    }

    @Test
    void aMemberThatStopsAndANodeThatIsLostReachTheViewLive() throws Exception {
        try (MockLab.TenantServer a = new MockLab.TenantServer(); MockLab.TenantServer b = new MockLab.TenantServer();
             ManagementServer m = kamajiLab(a, b); ClusterBackend backend = ClusterBackend.connect(options(m))) {
            Pod etcd0 = m.client.pods().inNamespace("kamaji-system").withName("kamaji-etcd-0").get();
            etcd0.getStatus().getConditions().get(0).setStatus("False");
            m.client.pods().inNamespace("kamaji-system").resource(etcd0).updateStatus();
            var node = m.client.nodes().withName("kamaji-control-plane").get();
            node.getStatus().getConditions().get(0).setStatus("Unknown");
            m.client.nodes().resource(node).updateStatus();
            GenericKubernetesResource ds = m.client.genericKubernetesResources(KamajiResources.DATA_STORE)
                    .withName("default").get();
            @SuppressWarnings("unchecked")
            Map<String, Object> status = (Map<String, Object>) ds.getAdditionalProperties().get("status");
            status.put("ready", false);
            m.client.genericKubernetesResources(KamajiResources.DATA_STORE).resource(ds).update();
            ManagementView mv = awaitManagement(backend, v -> !v.dataStores().get(0).ready()
                    && !v.dataStores().get(0).members().get(0).up() && "NotReady".equals(v.nodes().get(0).state()));
            assertEquals(1, mv.dataStores().get(0).healthy(), "only kamaji-etcd-1 is up");
        }
    }

    private static ManagementView awaitManagement(ClusterBackend backend, Predicate<ManagementView> p)
            throws InterruptedException {
        long deadline = System.nanoTime() + Await.BOUND.toNanos();   // a hang guard only
        ManagementView v = backend.snapshot().management();
        while (!p.test(v) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            v = backend.snapshot().management();
        }
        assertTrue(p.test(v), v.toString());
        return v;
    }

    @Test
    void kamajiNotInstalledIsOneLineNotATrace() throws Exception {
        try (ManagementServer m = new ManagementServer(path -> path.startsWith("/apis/kamaji.clastix.io/"), 404,
                "the server could not find the requested resource");
             ClusterBackend backend = ClusterBackend.connect(options(m))) {
            String why = backend.unreadable().orElseThrow();
            assertTrue(why.contains("Kamaji is not installed in the management cluster: it does not serve "
                    + "tenantcontrolplanes.kamaji.clastix.io/v1alpha1 (HTTP 404"), why);
            assertFalse(why.contains("\n") || why.contains("Exception") || why.contains("\tat "), why);
            List<String> w = backend.snapshot().management().warnings();
            assertEquals(1, w.stream().filter(x -> x.contains("Kamaji is not installed")).count(), w.toString());
        }
    }

    @Test
    void aForbiddenListIsOneLineNamingWhatWasRefused() throws Exception {
        try (MockLab.TenantServer a = new MockLab.TenantServer(); MockLab.TenantServer b = new MockLab.TenantServer();
             ManagementServer m = new ManagementServer(path -> path.startsWith("/apis/kamaji.clastix.io/v1alpha1/"
                     + "datastores"), 403, "datastores.kamaji.clastix.io is forbidden: User \"viewer\" cannot list "
                     + "resource \"datastores\" in API group \"kamaji.clastix.io\" at the cluster scope")) {
            m.load("/kamaji/management-objects.yaml".replace("objects", "pods"));
            for (GenericKubernetesResource tcp : tcpsOnly()) {
                m.create(tcp);
            }
            secrets(m, Map.of("tenant-a", a.url(), "tenant-b", b.url()));
            try (ClusterBackend backend = ClusterBackend.connect(options(m))) {
                ManagementView mv = awaitManagement(backend, v -> v.warnings().stream().anyMatch(x -> x.contains(
                        "datastores") && x.contains("HTTP 403")));
                List<String> lines = mv.warnings().stream().filter(x -> x.contains("HTTP 403")).toList();
                assertTrue(lines.stream().anyMatch(x -> x.contains("User \"viewer\" cannot list resource "
                        + "\"datastores\"")), lines.toString());
                assertTrue(lines.stream().noneMatch(x -> x.contains("\n") || x.contains("Exception")), lines.toString());
                assertTrue(mv.dataStores().isEmpty());
                assertEquals("Ready", backend.snapshot().tenant("tenant-a").orElseThrow().controlPlane().phase(),
                        "the TenantControlPlanes are still read");
            }
        }
    }

    private static List<GenericKubernetesResource> tcpsOnly() throws Exception {
        try (ManagementServer scratch = new ManagementServer()) {
            scratch.load("/kamaji/management-objects.yaml");
            return scratch.tcps();
        }
    }

    @Test
    void aMalformedTenantControlPlaneIsNamedWithItsFieldAndStillShown() throws Exception {
        try (MockLab.TenantServer a = new MockLab.TenantServer(); MockLab.TenantServer b = new MockLab.TenantServer();
             ManagementServer m = kamajiLab(a, b)) {
            GenericKubernetesResource tb = m.client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE)
                    .inNamespace("default").withName("tenant-b").get();
            @SuppressWarnings("unchecked")
            Map<String, Object> spec = (Map<String, Object>) tb.getAdditionalProperties().get("spec");
            @SuppressWarnings("unchecked")
            Map<String, Object> cp = (Map<String, Object>) spec.get("controlPlane");
            cp.put("deployment", Map.of("replicas", "two"));
            @SuppressWarnings("unchecked")
            Map<String, Object> status = (Map<String, Object>) tb.getAdditionalProperties().get("status");
            status.put("kubernetesResources", "garbage");
            m.client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inNamespace("default")
                    .resource(tb).update();
            try (ClusterBackend backend = ClusterBackend.connect(options(m))) {
                LabSnapshot s = backend.snapshot();
                List<String> w = s.management().warnings();
                assertTrue(w.contains("TenantControlPlane default/tenant-b: spec.controlPlane.deployment.replicas is "
                        + "\"two\", not an integer (left out)"), w.toString());
                assertTrue(w.contains("TenantControlPlane default/tenant-b: status.kubernetesResources is \"garbage\", "
                        + "not an object (left out)"), w.toString());
                ControlPlaneView v = s.tenant("tenant-b").orElseThrow().controlPlane();
                assertEquals("Unknown", v.phase(), "a status that cannot be read is not guessed");
                assertEquals("Ready", s.tenant("tenant-a").orElseThrow().controlPlane().phase());
            }
        }
    }
}
