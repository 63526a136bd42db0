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
    void withTheClustersHamiValuesQuotasAndRequestsAreReadUnderItsResourceNames() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            lab.tenantA.client.resourceQuotas().inNamespace("default").resource(
                    new io.fabric8.kubernetes.api.model.ResourceQuotaBuilder().withNewMetadata().withName("gpu")
                            .withNamespace("default").endMetadata().withNewSpec()
                            .addToHard("limits.example.com/vmem", new io.fabric8.kubernetes.api.model.Quantity("25000"))
                            .endSpec().build()).create();
            lab.tenantA.client.pods().resource(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata()
                    .withName("small").withNamespace("default").endMetadata().withNewSpec()
                    .withSchedulerName("hami-scheduler").addNewContainer().withName("main").withImage("busybox")
                    .withNewResources().withLimits(java.util.Map.of(
                            "example.com/vgpu", new io.fabric8.kubernetes.api.model.Quantity("1"),
                            "example.com/vmem", new io.fabric8.kubernetes.api.model.Quantity("10000")))
                    .endResources().endContainer().endSpec().withNewStatus().withPhase("Pending").endStatus().build())
                    .create();
            Path values = java.nio.file.Files.writeString(dir.resolve("values.yaml"),
                    "resourceName: example.com/vgpu\nresourceMem: example.com/vmem\n");
            String[] args = {"why-pending", "--kubeconfig", lab.managementKubeconfig.toString(), "--tenant",
                "tenant-a", "--pod", "default/small"};
            CliHarness.Result chart = CliHarness.run(args);
            assertEquals(0, chart.exit(), chart.err());
            assertTrue(chart.out().contains("scheduler/ says: not a GPU pod"), chart.out());
            String[] withValues = java.util.Arrays.copyOf(args, args.length + 4);
            withValues[args.length] = "--hami-values";
            withValues[args.length + 1] = "tenant-a=" + values;
            withValues[args.length + 2] = "--hami-values";
            withValues[args.length + 3] = "tenant-b=" + dir.resolve("not-read.yaml");
            CliHarness.Result own = CliHarness.run(withValues);
            assertEquals(0, own.exit(), own.err());
            // gpu-pod-1's 20000 MB + 10000 asked > 25000 under limits.example.com/vmem
            assertTrue(own.out().matches("(?s).*GPU-a100-0\\s+tenant-a-worker\\s+\\d+\\s+\\d+\\s+\\d+\\s+"
                    + "ResourceQuotaNotFit.*"), own.out());
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
