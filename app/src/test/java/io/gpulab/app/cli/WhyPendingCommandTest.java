package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.cluster.ClusterLabFixture;
import io.gpulab.engine.cluster.MockLab;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpulab why-pending} and {@code what-if} against a mock Kamaji management cluster. */
@EnableKubernetesMockClient(crud = true)
class WhyPendingCommandTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void explainsThePendingPodCardByCardNextToTheClustersEvent() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            CliHarness.Result r = CliHarness.run("why-pending", "--kubeconfig", lab.managementKubeconfig.toString(),
                    "--tenant", "tenant-a", "--pod", "default/gpu-pod-2");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("scheduler/ says: no node fits: tenant-a-worker 1/1 CardInsufficientMemory"),
                    r.out());
            assertTrue(r.out().matches("(?s).*GPU-a100-0\\s+tenant-a-worker\\s+61920\\s+70\\s+9\\s+"
                    + "CardInsufficientMemory.*"), r.out());
            assertTrue(r.out().contains("Warning FilteringFailed hami-scheduler: 1 nodes "
                    + "CardInsufficientMemory(tenant-a-worker)"), r.out());
            assertFalse(r.out().contains(MockLab.TOKEN_PREFIX));
        }
    }

    @Test
    void whatIfAddsAWorkerAndReplaysThePendingPods() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            lab.tenantA.client.pods().inNamespace("default").withName("garbage-pod").delete();
            CliHarness.Result r = CliHarness.run("what-if", "--kubeconfig", lab.managementKubeconfig.toString(),
                    "--add-worker", "tenant-a:A100-80GB:1");
            assertTrue(r.out().contains("tenant-a default/gpu-pod-2: as observed Pending (CardInsufficientMemory); "
                    + "what if: Running on what-if-worker-1"), r.out() + r.err());
        }
    }

    @Test
    void aMissingKubeconfigIsAUsageErrorNamingTheFile() {
        Path missing = dir.resolve("nope.yaml");
        CliHarness.Result r = CliHarness.run("why-pending", "--kubeconfig", missing.toString(), "--tenant", "t",
                "--pod", "default/p");
        assertEquals(2, r.exit());
        assertEquals("gpulab: kubeconfig " + missing + " does not exist or is not a file", r.err().trim());
    }

    @Test
    void verifyRunsTheArticleAgainstTheClusterBackendAndWritesTheReport() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            Path report = dir.resolve("report");
            CliHarness.Result r = CliHarness.run("verify", "article", "--backend", "cluster", "--kubeconfig",
                    lab.managementKubeconfig.toString(), "--report", report.toString());
            // read-only: the article's pod submissions are refused, so its checks fail, visibly
            assertEquals(1, r.exit(), r.out() + r.err());
            assertTrue(r.out().startsWith("article on cluster: "), r.out());
            assertTrue(java.nio.file.Files.list(report).findAny().isPresent());
        }
    }
}
