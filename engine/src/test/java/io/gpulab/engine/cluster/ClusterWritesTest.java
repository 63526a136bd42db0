package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LockView;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeLockCodec;
import java.time.Instant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes need explicit permission; the lock removal says it is the article's workaround. */
@EnableKubernetesMockClient(crud = true)
class ClusterWritesTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void readOnlyByDefaultAndTheClusterIsUntouched() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            CommandResult r = backend.execute(new LabCommand.Unlock("tenant-a", "tenant-a-worker"));
            assertFalse(r.accepted());
            assertTrue(r.message().contains("--allow-writes"), r.message());
            assertTrue(lab.tenantA.client.nodes().withName("tenant-a-worker").get().getMetadata().getAnnotations()
                    .containsKey("hami.io/mutex.lock"));
            assertFalse(backend.execute(new LabCommand.DeletePod("tenant-a", "default/gpu-pod-1")).accepted());
            assertNotNull(lab.tenantA.client.pods().inNamespace("default").withName("gpu-pod-1").get());
        }
    }

    @Test
    void allowedWritesReachTheTenantAndTheNextSnapshot() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true)
                     .withDecisionTimeout(Duration.ofMillis(200)))) {
            CommandResult unlock = backend.execute(new LabCommand.Unlock("tenant-a", "tenant-a-worker"));
            assertTrue(unlock.accepted(), unlock.message());
            assertTrue(unlock.message().contains("not a production procedure"), unlock.message());
            assertNull(backend.snapshot().tenant("tenant-a").orElseThrow().node("tenant-a-worker").orElseThrow()
                    .lock());
            assertFalse(backend.execute(new LabCommand.Unlock("tenant-a", "tenant-a-worker")).accepted(),
                    "a second unlock finds no lock");

            Map<String, Object> pod = Map.of("apiVersion", "v1", "kind", "Pod",
                    "metadata", Map.of("name", "new-pod", "namespace", "default"),
                    "spec", Map.of("containers", List.of(Map.of("name", "main", "image", "busybox"))));
            assertTrue(backend.execute(new LabCommand.SubmitPod("tenant-a", pod)).accepted());
            assertTrue(backend.snapshot().tenant("tenant-a").orElseThrow().pod("default/new-pod").isPresent());

            assertTrue(backend.execute(new LabCommand.DeletePod("tenant-a", "default/gpu-pod-2")).accepted());
            assertTrue(backend.snapshot().tenant("tenant-a").orElseThrow().pod("default/gpu-pod-2").isEmpty());
            assertFalse(backend.execute(new LabCommand.DeletePod("tenant-a", "default/nope")).accepted());
            assertFalse(backend.execute(new LabCommand.DeletePod("tenant-z", "default/x")).accepted());
        }
    }

    @Test
    void aDeleteTheWatchDoesNotShowWithinTheSettleTimeSaysSoInsteadOfWaitingOn() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true))) {
            // a finalizer keeps the pod (Terminating) as a real cluster keeps it through its grace period
            lab.tenantA.client.pods().inNamespace("default").withName("gpu-pod-2").edit(p -> {
                p.getMetadata().setFinalizers(List.of("gpulab.io/test-hold"));
                return p;
            });
            CommandResult r = new ClusterWrites(backend, true, 300)
                    .apply(new LabCommand.DeletePod("tenant-a", "default/gpu-pod-2"));
            assertTrue(r.accepted(), r.message());
            assertEquals("deleted default/gpu-pod-2; still there: its removal was not shown by the tenant's watch "
                    + "within 0.3 s: the view follows when the watch sees it (a pod goes after its termination grace "
                    + "period and finalizers)", r.message());
            assertTrue(backend.snapshot().tenant("tenant-a").orElseThrow().pod("default/gpu-pod-2").isPresent());
        }
    }

    @Test
    void simulationOnlyCommandsAreRefusedWithAReason() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true))) {
            CommandResult r = backend.execute(new LabCommand.Advance(Duration.ofMinutes(5)));
            assertFalse(r.accepted());
            assertEquals("Advance controls the simulation only; a real cluster (cluster backend) cannot do it",
                    r.message());
        }
    }

    @Test
    void aLockThatChangedAfterTheConfirmationIsReportedNotRemoved() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true))) {
            LockView confirmed = backend.snapshot().tenant("tenant-a").orElseThrow().node("tenant-a-worker")
                    .orElseThrow().lock();
            assertNotNull(confirmed);
            // the stale lock expired and another bind took the node before the user's click arrived
            String taken = NodeLockCodec.encode(Instant.parse("2026-10-01T11:00:00Z"), "default", "other-pod");
            lab.tenantA.client.nodes().withName("tenant-a-worker").edit(n -> {
                n.getMetadata().getAnnotations().put(HamiAnnotations.MUTEX_LOCK, taken);
                return n;
            });
            CommandResult r = backend.execute(new LabCommand.Unlock("tenant-a", "tenant-a-worker", confirmed));
            assertFalse(r.accepted(), r.message());
            assertEquals("the lock on tenant-a-worker changed after you confirmed it (now held by default/other-pod "
                    + "since 2026-10-01T11:00:00Z); nothing was removed", r.message());
            assertEquals(taken, lab.tenantA.client.nodes().withName("tenant-a-worker").get().getMetadata()
                    .getAnnotations().get(HamiAnnotations.MUTEX_LOCK));
        }
    }

    @Test
    void theRemoveIsSentWithATestOfTheConfirmedValueAndTheServerRefusesAStaleOne() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true))) {
            String current = lab.tenantA.client.nodes().withName("tenant-a-worker").get().getMetadata()
                    .getAnnotations().get(HamiAnnotations.MUTEX_LOCK);
            String stale = NodeLockCodec.encode(Instant.parse("2026-10-01T09:00:00Z"), "default", "gone-pod");
            // what the API server does when the lock changes between our read and our patch
            CommandResult r = new ClusterWrites(backend, true).removeLock(backend.watch("tenant-a"),
                    "tenant-a-worker", stale);
            assertFalse(r.accepted(), r.message());
            assertTrue(r.message().contains("changed after you confirmed it"), r.message());
            assertEquals(current, lab.tenantA.client.nodes().withName("tenant-a-worker").get().getMetadata()
                    .getAnnotations().get(HamiAnnotations.MUTEX_LOCK));
            CommandResult ok = new ClusterWrites(backend, true).removeLock(backend.watch("tenant-a"),
                    "tenant-a-worker", current);
            assertTrue(ok.accepted(), ok.message());
            assertNull(lab.tenantA.client.nodes().withName("tenant-a-worker").get().getMetadata()
                    .getAnnotations().get(HamiAnnotations.MUTEX_LOCK));
        }
    }
}
