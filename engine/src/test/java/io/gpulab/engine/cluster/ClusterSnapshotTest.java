package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster backend's snapshot of the article's lab, observed through a mock management cluster. */
@EnableKubernetesMockClient(crud = true)
class ClusterSnapshotTest {

    // read-only tests: one mock lab for the class keeps the suite fast
    static KubernetesClient client;
    @TempDir
    static Path dir;
    static ClusterLabFixture lab;
    static ClusterBackend backend;

    @BeforeAll
    static void connect() throws Exception {
        lab = new ClusterLabFixture(client, dir);
        backend = ClusterBackend.connect(lab.options());
    }

    @AfterAll
    static void close() {
        backend.close();
        lab.close();
    }

    @Test
    void discoversTenantControlPlanesWithPhaseEndpointAndDataStore() {
        LabSnapshot s = backend.snapshot();
        assertEquals("cluster", s.backend());
        assertEquals(List.of("tenant-a", "tenant-b"), s.tenants().stream().map(TenantView::name).toList());
        var cp = s.tenant("tenant-a").orElseThrow().controlPlane();
        assertEquals("Ready", cp.phase());
        assertEquals("172.18.255.200:6443", cp.endpoint());
        assertEquals("v1.35.0", cp.version());
        assertEquals("default", s.management().datastore());
        assertEquals("etcd", s.management().datastoreDriver());
        assertTrue(s.management().kamajiReady());
    }

    @Test
    void webhookFailurePolicyIsReadFromTheTenantsWebhookConfiguration() {
        LabSnapshot s = backend.snapshot();
        assertEquals("Ignore", s.tenant("tenant-a").orElseThrow().webhookFailurePolicy());
        assertEquals("Unknown", s.tenant("tenant-b").orElseThrow().webhookFailurePolicy());
    }

    @Test
    void traceReconstructsTheChainFromAnnotationsLockAndEvents() {
        var held = backend.trace("tenant-a", "default/gpu-pod-1").steps();
        assertEquals(List.of("create", "admission", "filter", "bind", "lock", "allocate", "run"),
                held.stream().map(PodTrace.Step::stage).toList());
        assertEquals(PodTrace.Outcome.WAITING, held.get(4).outcome(), "holds the node lock");
        assertEquals(PodTrace.Outcome.WAITING, held.get(5).outcome(), "bind-phase allocating");
        var pending = backend.trace("tenant-a", "default/gpu-pod-2").steps();
        assertEquals(PodTrace.Outcome.FAILED, pending.get(2).outcome());
        assertEquals("1 nodes CardInsufficientMemory(tenant-a-worker)", pending.get(2).summary());
        assertEquals(PodTrace.Outcome.FAILED, backend.trace("tenant-a", "default/nope").steps().get(0).outcome());
    }

    @Test
    void eachTenantSeesOnlyItsOwnNodes() {
        LabSnapshot s = backend.snapshot();
        assertEquals(List.of("tenant-a-worker"), names(s.tenant("tenant-a").orElseThrow()));
        assertEquals(List.of("tenant-b-broken", "tenant-b-worker"), names(s.tenant("tenant-b").orElseThrow()));
    }

    @Test
    void cardsCarryRegistrationAndUsageRebuiltFromAllocatedPods() {
        NodeView worker = backend.snapshot().tenant("tenant-a").orElseThrow().node("tenant-a-worker").orElseThrow();
        CardView a100 = worker.cards().get(0);
        assertEquals("GPU-a100-0", a100.id());
        assertEquals(81920, a100.memMB());
        assertEquals(20000, a100.usedMemMB());
        assertEquals(30, a100.usedCores());
        assertEquals(1, a100.usedSlots());
        assertEquals(List.of("default/gpu-pod-1"), a100.pods());
        assertEquals(4, worker.cpu());
        assertEquals(8192, worker.memoryMiB());
        assertEquals(2, backend.snapshot().tenant("tenant-b").orElseThrow().node("tenant-b-worker").orElseThrow()
                .cards().size());
    }

    @Test
    void nodeLockShowsHolderAndExpiry() {
        NodeView worker = backend.snapshot().tenant("tenant-a").orElseThrow().node("tenant-a-worker").orElseThrow();
        assertNotNull(worker.lock());
        assertEquals("default/gpu-pod-1", worker.lock().holder());
        assertEquals(ClusterLabFixture.LOCK_SINCE.plusSeconds(300), worker.lock().expires());
    }

    @Test
    void podsShowHamiAllocationAndPendingReasonFromFilteringFailed() {
        TenantView a = backend.snapshot().tenant("tenant-a").orElseThrow();
        PodView running = a.pod("default/gpu-pod-1").orElseThrow();
        assertTrue(running.hamiAllocated());
        assertEquals("GPU-a100-0", running.devices().get(0).id());
        assertEquals("main", running.devices().get(0).container());
        PodView pending = a.pod("default/gpu-pod-2").orElseThrow();
        assertEquals("Pending", pending.phase());
        assertEquals("CardInsufficientMemory", pending.reason());
        assertEquals("1/1 CardInsufficientMemory", pending.failedNodes().get("tenant-a-worker"));
    }

    @Test
    void garbageAnnotationsBecomeWarningsNotCrashes() {
        LabSnapshot s = backend.snapshot();
        NodeView broken = s.tenant("tenant-b").orElseThrow().node("tenant-b-broken").orElseThrow();
        assertTrue(broken.cards().isEmpty());
        assertNull(broken.lock());
        String w = String.join("\n", broken.warnings());
        assertTrue(w.contains("hami.io/node-nvidia-register"), w);
        assertTrue(w.contains("hami.io/mutex.lock"), w);
        assertTrue(w.contains("hami.io/made-up: unknown HAMi annotation"), w);
        PodView garbage = s.tenant("tenant-a").orElseThrow().pod("default/garbage-pod").orElseThrow();
        String pw = String.join("\n", garbage.warnings());
        assertTrue(pw.contains("hami.io/vgpu-devices-allocated"), pw);
        assertTrue(pw.contains("unknown bind phase \"half-done\""), pw);
        assertFalse(garbage.hamiAllocated());
    }

    @Test
    void kubernetesEventsEnterTheEventLogInOrder() {
        var events = backend.events();
        assertEquals(1, events.size());
        assertEquals("FilteringFailed", events.get(0).reason());
        assertEquals("Pod/default/gpu-pod-2", events.get(0).object());
        assertEquals("tenant-a", events.get(0).tenant());
        assertEquals("hami-scheduler", events.get(0).source());
        assertEquals(1, events.get(0).seq());
    }

    private static List<String> names(TenantView t) {
        return t.nodes().stream().map(NodeView::name).toList();
    }
}
