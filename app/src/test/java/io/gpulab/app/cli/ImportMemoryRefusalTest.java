package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpulab import snapshot} in a JVM of its own with a small heap: a dump the heap cannot hold is refused before
 * it is parsed, in one line with the estimate and the heap (it collected garbage for minutes before), and a dump it
 * holds is imported under the same heap.
 */
class ImportMemoryRefusalTest {

    private static final String HEAP = "-Xmx96m";

    @Test
    void aDumpTooLargeForTheHeapIsRefusedUpFrontAndOneItHoldsIsImported(@TempDir Path dir) throws Exception {
        Path big = dump(dir.resolve("big.yaml"), 8_000); // ~13 MB: about 115 MB of heap by the estimate
        Path out = dir.resolve("s.json");
        Child refused = gpulab(dir, "import", "snapshot", "--tenant", "tenant-a=" + big, "--out", out.toString());
        assertEquals(2, refused.exit, refused.output);
        assertEquals(1, refused.output.lines().count(), refused.output);
        assertTrue(refused.output.startsWith("gpulab: import snapshot: " + big + " (" + (Files.size(big) >> 20)
                + " MB): importing it needs about "),
                refused.output);
        assertTrue(refused.output.contains("MB of heap (5 bytes per dump byte and 48 MB), more than the "),
                refused.output);
        assertTrue(refused.output.contains("MB this JVM may use: give it more with GPULAB_JAVA_OPTS=-Xmx256m "),
                refused.output);
        assertFalse(Files.exists(out));

        Path small = dump(dir.resolve("small.yaml"), 500);
        Child imported = gpulab(dir, "import", "snapshot", "--tenant", "tenant-a=" + small, "--out", out.toString());
        assertEquals(0, imported.exit, imported.output);
        assertTrue(imported.output.contains("tenant-a: 25 nodes, 500 pods, 0 resource quotas, 0 events read"),
                imported.output);
    }

    /** A kubectl dump shaped as docs/tools/probe.py's gen_dump: a node per 20 pods with 8 registered cards each. */
    private static Path dump(Path file, int pods) throws Exception {
        int nodes = Math.max(1, pods / 20);
        StringBuilder env = new StringBuilder();
        for (int k = 0; k < 14; k++) {
            env.append(String.format("      - name: VAR_%02d%n        value: \"%s\"%n", k, "v".repeat(24)));
        }
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: \"\"\nitems:\n");
            for (int i = 0; i < nodes; i++) {
                List<String> cards = new ArrayList<>();
                for (int k = 0; k < 8; k++) {
                    cards.add(String.format("{\"id\": \"GPU-%d-%d\", \"count\": 10, \"devmem\": 81920, \"devcore\": 100, "
                            + "\"type\": \"NVIDIA A100\", \"mode\": \"hami-core\", \"health\": true}", i, k));
                }
                w.write(String.format("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: node-%d\n    annotations:\n"
                        + "      hami.io/node-nvidia-register: '[%s]'\n  status:\n    capacity:\n      cpu: \"64\"\n"
                        + "      memory: 528280312Ki\n      nvidia.com/gpu: \"80\"\n", i, String.join(", ", cards)));
            }
            for (int i = 0; i < pods; i++) {
                w.write(String.format("- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: train-%d-abcde\n"
                        + "    namespace: team-%d\n    uid: 6f1c2a7e-%08x-4c1e-9a1b-2f3e4d5c6b7a\n"
                        + "    labels: {app: train, pod-template-hash: 7d9f8c6b5}\n    managedFields:\n"
                        + "    - apiVersion: v1\n      fieldsType: FieldsV1\n      manager: kube-controller-manager\n"
                        + "      operation: Update\n  spec:\n    nodeName: node-%d\n    schedulerName: hami-scheduler\n"
                        + "    containers:\n    - name: main\n      image: registry.example.com/ml/train:v1.2.3\n"
                        + "      env:\n%s      resources:\n        limits: {nvidia.com/gpu: \"1\", "
                        + "nvidia.com/gpumem: \"8000\", nvidia.com/gpucores: \"20\"}\n"
                        + "        requests: {cpu: 500m, memory: 2Gi}\n  status:\n    phase: %s\n",
                        i, i % 50, i, i % nodes, env, i % 10 == 0 ? "Pending" : "Running"));
            }
        }
        return file;
    }

    private record Child(int exit, String output) { }

    /** The launcher with the test class path and {@link #HEAP}; stdout and stderr together. */
    private static Child gpulab(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), HEAP,
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "io.gpulab.app.Launcher"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(dir.toFile());
        Path out = dir.resolve("out.txt");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        // a guard against a hang, not a timing: the refusal comes before the dump is parsed
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("gpulab " + String.join(" ", args) + " did not finish in 300 s");
        }
        return new Child(p.exitValue(), Files.readString(out));
    }
}
