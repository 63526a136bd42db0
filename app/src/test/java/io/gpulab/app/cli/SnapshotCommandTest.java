package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.cluster.ClusterLabFixture;
import io.gpulab.engine.cluster.KubectlDump;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpulab import snapshot}, then {@code why-pending --snapshot} and {@code what-if --snapshot} offline. */
@EnableKubernetesMockClient(crud = true)
class SnapshotCommandTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void importThenExplainAndWhatIfOffline() throws Exception {
        Path a;
        Path b;
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            a = KubectlDump.write(lab.tenantA.client, dir.resolve("a.yaml"), new SecretBuilder().withNewMetadata()
                    .withName("db").withNamespace("default").endMetadata().addToStringData("pw", "hunter2").build());
            b = KubectlDump.write(lab.tenantB.client, dir.resolve("b.yaml"));
        }
        Path s = dir.resolve("out/s.yaml");
        CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "tenant-a=" + a,
                "--tenant", "tenant-b=" + b, "--out", s.toString());
        assertEquals(0, imp.exit(), imp.err());
        assertTrue(imp.out().contains("tenant-a: 1 nodes, 3 pods, 0 resource quotas, 1 events read"), imp.out());
        // each by tenant, file, line and object
        assertTrue(imp.out().matches("(?s).*\n  tenant-a: \\S*a\\.yaml:\\d+: Secret default/db: Secrets are never "
                + "read\n.*"), imp.out());
        String garbage = "  tenant-a: \\S*a\\.yaml:\\d+: Pod default/garbage-pod metadata\\.annotations";
        assertTrue(imp.out().matches("(?s).*" + garbage + "\\[hami\\.io/bind-phase\\]: .*"), imp.out());
        assertTrue(imp.out().matches("(?s).*" + garbage + "\\[hami\\.io/vgpu-devices-allocated\\]: .*"), imp.out());
        assertTrue(!Files.readString(s).contains("hunter2"));

        CliHarness.Result why = CliHarness.run("why-pending", "--snapshot", s.toString(), "--tenant", "tenant-a",
                "--pod", "default/gpu-pod-2");
        assertEquals(0, why.exit(), why.err());
        assertTrue(why.out().contains("scheduler/ says: no node fits: tenant-a-worker 1/1 CardInsufficientMemory"),
                why.out());
        assertTrue(why.out().matches("(?s).*GPU-a100-0\\s+tenant-a-worker\\s+61920\\s+70\\s+9\\s+"
                + "CardInsufficientMemory.*"), why.out());
        assertTrue(why.out().contains("in words: asks 70,000 MB of one card; the only card has less than that free now "
                + "(61,920 MB left on card 0 of tenant-a-worker; the largest card here has 81,920 MB): it runs once "
                + "pods on it end"), why.out());
        assertTrue(why.out().contains("  fix: delete or shrink a pod on that card, ask for at most 61,920 MB, or add a "
                + "card (docs/reasons.md#cardinsufficientmemory)"), why.out());

        CliHarness.Result whatIf = CliHarness.run("what-if", "--snapshot", s.toString(), "--add-worker",
                "tenant-a:A100-80GB:1");
        assertTrue(whatIf.out().contains("tenant-a default/gpu-pod-2: as observed Pending (CardInsufficientMemory); "
                + "what if: Running on what-if-worker-1"), whatIf.out() + whatIf.err());
    }
}
