package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backend's life: snapshots carry the version of what they contain, the event log stays bounded,
 * and closing (or failing to connect) leaves no client or thread behind.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterLifecycleTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void aChangeDuringTheBuildOfASnapshotGetsALaterVersionThanThatSnapshot() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            backend.duringSnapshot = backend::changed;   // e.g. a watch event lands while the tenants are read
            LabSnapshot s = backend.snapshot();
            backend.duringSnapshot = () -> { };
            assertTrue(backend.snapshot().version() > s.version(),
                    "the change is not in the first snapshot, so a later one must be newer: a view holding "
                            + "the first would otherwise never take the change (nor its events)");
        }
    }

    @Test
    void theEventLogKeepsTheNewestEntriesAndNeverDuplicatesOne() {
        EventLog log = new EventLog(3);
        for (int i = 1; i <= 5; i++) {
            log.add("t", event("e" + i));
        }
        assertEquals(List.of(3L, 4L, 5L), log.all().stream().map(LabEvent::seq).toList());
        assertEquals(5, log.total());
        assertEquals(List.of(5L), log.since(4).stream().map(LabEvent::seq).toList());
        assertNull(log.add("t", event("e2")), "an occurrence seen before is not logged again after eviction");
        assertEquals(10_000, EventLog.CAPACITY, "BACKENDS.md states this number");
    }

    private static io.fabric8.kubernetes.api.model.Event event(String name) {
        return new EventBuilder().withNewMetadata().withName(name).withUid(name).withNamespace("default").endMetadata()
                .withReason("R").withMessage("m").withCount(1).build();
    }

    @Test
    void closeReleasesEveryClientAndThread() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            warmUp(lab);
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            ClusterBackend backend = ClusterBackend.connect(lab.options().withSyncTimeout(Duration.ofSeconds(3))
                    .withTenant("gone", KubeconfigRef.of(MockLab.writeKubeconfig(dir, "gone",
                            "https://127.0.0.1:1", "t"), null)));
            // the 3 s connect deadline can pass before tenant-b's first list on a loaded machine: wait for the list
            assertEquals(2, Await.until(() -> backend.snapshot().tenant("tenant-b").orElseThrow().nodes().size(),
                    n -> n == 2));
            assertTrue(newThreads(before).size() > 0, "connecting starts threads (the test can see them)");
            backend.close();
            assertNoNewThreads(before);
        }
    }

    @Test
    void aConnectThatFailsHalfWayReleasesWhatItStarted() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            warmUp(lab);
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            Path badKey = dir.resolve("bad-key.kubeconfig");
            Files.writeString(badKey, "apiVersion: v1\nkind: Config\ncurrent-context: c\n"
                    + "clusters:\n- name: c\n  cluster: {server: \"" + lab.tenantA.url() + "\"}\n"
                    + "users:\n- name: u\n  user: {client-certificate-data: bm90IGEgY2VydA==, client-key-data: "
                    + "bm90IGEga2V5}\ncontexts:\n- name: c\n  context: {cluster: c, user: u}\n");
            // the management cluster connects and its tenants start, then the user's own tenant's key is unusable:
            // that tenant says so, the others stay connected, and close() releases them all
            try (ClusterBackend b = ClusterBackend.connect(lab.options().withTenant("mine",
                    KubeconfigRef.of(badKey, null)))) {
                assertTrue(b.snapshot().tenant("mine").orElseThrow().warnings().get(0)
                        .contains("the client certificate or key cannot be used"),
                        b.snapshot().tenant("mine").orElseThrow().warnings().toString());
                assertEquals(2, b.snapshot().tenant("tenant-b").orElseThrow().nodes().size());
            }
            ClusterOptions badManagement = ClusterOptions.management(KubeconfigRef.of(badKey, null));
            ClusterException e = assertThrows(ClusterException.class, () -> ClusterBackend.connect(badManagement));
            assertTrue(e.getMessage().startsWith("cannot build a client for "), e.getMessage());
            assertTrue(!e.getMessage().contains("An error has occurred"), e.getMessage());
            assertNoNewThreads(before);
        }
    }

    /** JDK and fabric8 threads that live as long as the JVM (shared pools) start on first use, not here. */
    private static void warmUp(ClusterLabFixture lab) throws Exception {
        try (ClusterBackend b = ClusterBackend.connect(lab.options())) {
            b.snapshot();
        }
        Thread.sleep(200);
    }

    private static List<String> newThreads(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> !before.contains(t) && t.isAlive())
                .filter(t -> !isSharedOrMockServer(t.getName())).map(Thread::getName).sorted().toList();
    }

    /**
     * The mock API servers' own threads, JVM-wide pools nobody can (or should) shut down, and one known
     * gap: Java 17's HttpClient has no close(), and fabric8 7.5.2's JDK transport closes a watch's web
     * socket without aborting it, so the selector thread of a client that watched stays (BACKENDS.md).
     * Everything this backend starts itself (listeners, connect pool, watch supervisors, informers) is counted.
     */
    private static boolean isSharedOrMockServer(String name) {
        return name.startsWith("vert.x") || name.startsWith("ForkJoinPool.commonPool")
                || name.startsWith("Common-Cleaner") || name.startsWith("process reaper")
                || name.startsWith("Attach Listener") || name.startsWith("surefire")
                || name.matches("HttpClient-\\d+-SelectorManager") || name.startsWith("CachedSingleThreadScheduler")
                || mockServerSession(name);
    }

    /**
     * fabric8's mock server keeps one {@code Executors.newSingleThreadScheduledExecutor()} per watch session
     * (mockwebserver's WebSocketSession, kubernetes-server-mock's WatchEventsListener: default names, pool-N-thread-M)
     * until the session ends, and with the JDK transport's close (above) the server's side of a watch may outlive the
     * client. Every thread gpulab starts is named (gpulab-...), and fabric8's client names its own, so an unnamed pool
     * thread is the server's.
     */
    private static boolean mockServerSession(String name) {
        return name.matches("pool-\\d+-thread-\\d+");
    }

    private static void assertNoNewThreads(Set<Thread> before) throws InterruptedException {
        List<String> left = newThreads(before);
        // threads end shortly after they are told to; on a starved machine "shortly" can be many seconds, so the
        // bound is Await's hang guard, not a count of rounds
        long deadline = System.nanoTime() + Await.BOUND.toNanos();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            // Java 17's HttpClient has no close(): its selector thread ends once a closed client's JDK client
            // is unreachable, which only a collection notices. A client still held (not closed) stays.
            System.gc();
            Thread.sleep(100);
            left = newThreads(before);
        }
        assertEquals(List.of(), left, "threads left running");
    }
}
