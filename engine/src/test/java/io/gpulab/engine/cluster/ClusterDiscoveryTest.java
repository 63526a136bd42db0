package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tenants that cannot be reached show why; phase changes and new events reach subscribers. */
@EnableKubernetesMockClient(crud = true)
class ClusterDiscoveryTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void aTcpWithoutItsAdminSecretIsAWarningNotAFailure() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inNamespace("default")
                    .resource(MockLab.tcp("tenant-c", "Provisioning", "")).create();
            try (ClusterBackend backend = ClusterBackend.connect(lab.options())) {
                LabSnapshot s = backend.snapshot();
                assertEquals("Provisioning", s.tenant("tenant-c").orElseThrow().controlPlane().phase());
                assertTrue(s.tenant("tenant-c").orElseThrow().nodes().isEmpty());
                assertTrue(s.management().warnings().contains("tenant-c: secret default/tenant-c-admin-kubeconfig "
                        + "key admin.conf not found (is the TCP Ready?)"), s.management().warnings().toString());
                assertEquals(3, s.tenant("tenant-a").orElseThrow().pods().size());
            }
        }
    }

    @Test
    void aTenantCanBeReadFromItsOwnKubeconfigWithoutAManagementCluster() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(ClusterOptions.tenantsOnly().withTenant("tenant-b",
                     KubeconfigRef.of(MockLab.writeKubeconfig(dir, "tb", lab.tenantB.url(), "x"), null)))) {
            LabSnapshot s = backend.snapshot();
            assertEquals(List.of("tenant-b"), s.tenants().stream().map(t -> t.name()).toList());
            assertEquals(2, s.tenant("tenant-b").orElseThrow().nodes().size());
            assertEquals("Unknown", s.tenant("tenant-b").orElseThrow().controlPlane().phase());
        }
    }

    @Test
    void anUnreachableManagementClusterIsAWarningInTheSnapshot() throws Exception {
        Path f = MockLab.writeKubeconfig(dir, "dead", "https://127.0.0.1:1", "x");
        try (ClusterBackend backend = ClusterBackend.connect(ClusterOptions.management(KubeconfigRef.of(f, null)))) {
            LabSnapshot s = backend.snapshot();
            assertTrue(s.tenants().isEmpty());
            assertTrue(s.management().warnings().stream().anyMatch(w -> w.startsWith("cannot list "
                    + "tenantcontrolplanes.kamaji.clastix.io")), s.management().warnings().toString());
        }
    }

    /**
     * A management cluster that cannot list its TenantControlPlanes at connect (an API server answering 503) is asked
     * again in the background, and said to be: once it answers, its tenants join the lab without a reconnect.
     */
    @Test
    void aManagementClusterUnreadAtConnectIsRetriedAndItsTenantsJoin() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean failing = new java.util.concurrent.atomic.AtomicBoolean();
        try (ManagementServer mgmt = new ManagementServer(p -> failing.get() && p.contains("tenantcontrolplanes"),
                503, "the server is currently unable to handle the request");
             ClusterLabFixture lab = new ClusterLabFixture(mgmt.client, dir)) {
            failing.set(true);
            try (ClusterBackend backend = ClusterBackend.connect(lab.options())) {
                LabSnapshot s = backend.snapshot();
                assertTrue(s.tenants().isEmpty());
                assertTrue(backend.unreadable().isPresent());
                assertTrue(s.management().warnings().stream().anyMatch(w -> w.startsWith("management cluster: "
                        + "retrying in the background (tried once; every ")), s.management().warnings().toString());
                // the failure is said once: the retry's line does not repeat the warning above it
                assertEquals(1, s.management().warnings().stream().filter(w -> w.contains("cannot list "
                        + "tenantcontrolplanes.kamaji.clastix.io: HTTP 503")).count(), s.management().warnings().toString());
                failing.set(false);
                // an informer's store fills before its first list is marked done: the tenant counts as read
                // (unreadable() empty) a moment after its pods show, so wait for both
                LabSnapshot after = Await.until(backend::snapshot, x -> x.tenant("tenant-a")
                        .map(t -> t.pods().size() == 3).orElse(false) && x.tenant("tenant-b")
                        .map(t -> t.nodes().size() == 2).orElse(false) && backend.unreadable().isEmpty());
                assertEquals(3, after.tenant("tenant-a").orElseThrow().pods().size(), after.toString());
                assertEquals(2, after.tenant("tenant-b").orElseThrow().nodes().size());
                assertTrue(after.management().warnings().stream().noneMatch(w -> w.contains("retrying")),
                        after.management().warnings().toString());
                assertTrue(backend.unreadable().isEmpty());
            }
        }
    }

    @Test
    void subscribersHearPhaseChangesAndNewEvents() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            List<LabEvent> heard = new CopyOnWriteArrayList<>();
            List<String> phases = new CopyOnWriteArrayList<>();
            try (AutoCloseable sub = backend.subscribe((snap, events) -> {
                heard.addAll(events);
                phases.add(snap.tenant("tenant-b").orElseThrow().controlPlane().phase());
            })) {
                GenericKubernetesResource tcp = client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE)
                        .inNamespace("default").withName("tenant-b").get();
                tcp.setAdditionalProperty("status", Map.of("kubernetesResources",
                        Map.of("version", Map.of("status", "Sleeping"))));
                client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inNamespace("default")
                        .resource(tcp).update();
                MockLab.filteringFailed(lab.tenantB.client, "late-pod", "1 nodes CardInsufficientCore(x)");
                Await.until(() -> heard.stream().anyMatch(e -> e.object().equals("Pod/default/late-pod"))
                        && phases.contains("Sleeping"));
            }
            assertTrue(phases.contains("Sleeping"), phases.toString());
            assertEquals(1, heard.stream().filter(e -> e.object().equals("Pod/default/late-pod")).count());
        }
    }
}
