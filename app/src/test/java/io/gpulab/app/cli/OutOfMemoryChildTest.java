package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands that run out of heap in a JVM of their own end in the one designed line and exit 2, whichever way the
 * error reached the launcher: {@code import openb} is a method, whose error picocli wraps (it printed "internal error
 * (ExecutionException: ... OutOfMemoryError)"); {@code run}, {@code plan} and {@code bench} are classes, whose error
 * passes through picocli unwrapped; and a thread nobody waits for, whose error only the launcher's default handler
 * sees.
 */
class OutOfMemoryChildTest {

    private static final Pattern TRACE = Pattern.compile("^\\s+at |Exception|Caused by", Pattern.MULTILINE);

    @TempDir
    static Path dir;
    private static Path nodes;
    private static Path pods;

    @BeforeAll
    static void inputs() throws Exception {
        nodes = dir.resolve("openb_node_list_gpu_node.csv");
        pods = dir.resolve("openb_pod_list_default.csv");
        openb(nodes, pods, 300, 8_000);
    }

    @Test
    void importOpenbWhoseRowsTheHeapCannotReadSaysTheLine() throws Exception {
        Path many = dir.resolve("many-pods.csv");
        openb(dir.resolve("many-nodes.csv"), many, 1_000, 100_000); // ~7 MB, read whole before it is counted
        assertTheLine("gpulab import openb", ChildGpulab.run(dir, List.of("-Xmx16m"), "import", "openb",
                nodes.toString(), many.toString(), "--out", dir.resolve("never.json").toString()));
        assertFalse(Files.exists(dir.resolve("never.json")));
    }

    @Test
    void runPlanAndBenchSayTheLine() throws Exception {
        Path scenario = dir.resolve("s.json");
        assertEquals(0, GpulabCommand.commandLine().execute("import", "openb", nodes.toString(), pods.toString(),
                "--out", scenario.toString()));
        assertTheLine("gpulab run", ChildGpulab.run(dir, List.of("-Xmx24m"), "run", scenario.toString()));

        Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: oom}
                workload: {scenario: s.json}
                candidates:
                  - {name: a100, worker: {cpu: 128, memoryMiB: 1048576, cards: [{model: A100-80GB, count: 8}]}, \
                workers: 300, tenants: 1}
                """);
        assertTheLine("gpulab plan", ChildGpulab.run(dir, List.of("-Xmx24m"), "plan", plan.toString()));

        assertTheLine("gpulab bench", ChildGpulab.run(dir, List.of("-Xmx40m"), "bench", "--nodes", "20000",
                "--pods", "200000"));
    }

    @Test
    void anOutOfMemoryOnAThreadNobodyWaitsForSaysTheLineAndEndsTheCommand() throws Exception {
        ChildGpulab.Result r = ChildGpulab.runMain(dir, List.of("-Xmx16m"), UncaughtOutOfMemoryMain.class.getName());
        assertTheLine("gpulab", r);
        assertEquals("", r.out());
    }

    private static void assertTheLine(String who, ChildGpulab.Result r) {
        String all = r.out() + r.err();
        assertEquals(2, r.exit(), all);
        assertEquals(1, r.err().lines().count(), all);
        assertTrue(r.err().matches(Pattern.quote(who) + ": out of memory \\(the JVM's heap is \\d+ MB\\): the input "
                + "needs more than this heap holds; give it more with GPULAB_JAVA_OPTS=-Xmx256m \\(JDK_JAVA_OPTIONS "
                + "on Windows and macOS\\), or a smaller input\\R"), all);
        assertFalse(TRACE.matcher(all).find(), all);
    }

    /** openb-shaped CSVs as docs/tools/probe.py's gen_openb writes them (its columns and value ranges). */
    private static void openb(Path nodeFile, Path podFile, int nodeCount, int podCount) throws Exception {
        try (BufferedWriter w = Files.newBufferedWriter(nodeFile)) {
            w.write("sn,cpu_milli,memory_mib,gpu,model\n");
            String[] models = {"P100", "T4", "V100M16", "V100M32", "A10"};
            for (int i = 0; i < nodeCount; i++) {
                w.write(String.format("openb-node-%04d,%d,%d,%d,%s%n", i, 32000 * (1 + i % 3), 262144 << (i % 2),
                        1 << (i % 4), models[i % models.length]));
            }
        }
        try (BufferedWriter w = Files.newBufferedWriter(podFile)) {
            w.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,"
                    + "scheduled_time\n");
            long t = 0;
            for (int i = 0; i < podCount; i++) {
                t += (i * 7919L) % 600;
                int g = new int[] {0, 1, 1, 1, 2}[i % 5];
                int milli = g == 1 ? new int[] {100, 250, 500, 1000}[i % 4] : g == 0 ? 0 : 1000;
                w.write(String.format("openb-pod-%04d,%d,%d,%d,%d,,LS,Running,%d,%d,%d%n", i, 1000 * (1 + i % 3 * 4),
                        1024 << (i % 3 * 2), g, milli, t, t + 60 + (i * 104729L) % 86000, t));
            }
        }
    }
}
