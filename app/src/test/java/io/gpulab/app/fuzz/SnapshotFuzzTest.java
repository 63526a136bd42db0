package io.gpulab.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.cli.CliRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated kubectl dumps, as real clusters and hostile users write them (names the API server refuses, a node, pod,
 * quota or card id twice, quantities that are not whole, negative or overflow 64 bits, a node's cpu in millicores,
 * values too long for a scenario line, objects without metadata, YAML aliases), imported with {@code gpulab import
 * snapshot} and the scenario then run: what import writes, run accepts (exit 0 or 1, never a refusal), every problem
 * is listed by file and line, and nothing prints a stack trace. Fixed seed in CI ({@code -Dgpulab.fuzz.seed},
 * {@code -Dgpulab.fuzz.tries} for longer runs).
 */
class SnapshotFuzzTest {

    private static final Duration BUDGET = Duration.ofSeconds(60);
    private static final Pattern STACK = Pattern.compile("\\n\\s+at [\\w.$]+\\(|Exception in thread|"
            + "\\b(java|javax|com|org|io|net)\\.[\\w.]+\\.[A-Z]\\w*(Exception|Error)\\b");
    private static final List<String> NAMES = List.of("w-1", "w-2", "w.example.com", "Bad_Name", "-x", "", "a".repeat(254));
    private static final List<String> CPU = List.of("8", "64", "500m", "1500m", "0", "abc", "-4",
            "18446744073709551617", "1e3", "2k");
    private static final List<String> MEMORY = List.of("16Gi", "528280312Ki", "1", "0", "x", "99999999999999999999999Ei",
            "9999999Gi");
    private static final List<String> GPU = List.of("1", "2", "1.5", "0", "-1", "99999999999999999999999Ei", "1k",
            "abc", "500m", "1000m", "9223372036854776");
    private static final List<String> POD_NAMES = List.of("p-1", "p-2", "p.3", "UPPER", "p_4", "", "p-5");
    private static final List<String> NAMESPACES = List.of("default", "team-a", "Bad_NS", "a.b");
    private static final List<String> CARDS = List.of("GPU-a", "GPU-b", "GPU-c", "GPU-a");

    @TempDir
    static Path DIR;

    @Test
    void generatedDumpsImportIntoScenariosRunAccepts() {
        Map<Integer, Integer> exits = SeededCases.runFixed("generated snapshot dumps", 40, 23L, r -> {
            String dump = dump(r);
            Path file = Files.write(DIR.resolve("tenant-a.yaml"), dump.getBytes(StandardCharsets.UTF_8));
            Path out = DIR.resolve("s.yaml");
            CliRunner.Result imp = run("import", "snapshot", "--tenant", "tenant-a=" + file, "--out", out.toString(),
                    "--force");
            String why = "dump:\n" + clip(dump) + "\nimport exit " + imp.exit() + "\n" + clip(imp.out() + imp.err());
            assertFalse(STACK.matcher(imp.out() + imp.err()).find(), "a stack trace: " + why);
            assertTrue(imp.exit() == 0 || imp.exit() == 2, why);
            if (imp.exit() == 2) {
                assertTrue(imp.err().strip().lines().count() <= 3, "more than one line: " + why);
                assertTrue(imp.err().contains(file.toString()), "does not name the file: " + why);
                return 2;
            }
            for (String line : imp.out().lines().filter(l -> l.startsWith("  tenant-a: ") && !l.contains(" Events:"))
                    .toList()) {
                assertTrue(line.startsWith("  tenant-a: " + file + ":"), "not by file and line: " + line + "\n" + why);
            }
            CliRunner.Result run = run("run", out.toString());
            assertFalse(STACK.matcher(run.out() + run.err()).find(), "run: a stack trace: " + why);
            assertTrue(run.exit() == 0 || run.exit() == 1, "run refused what import wrote: " + clip(run.err()) + "\n"
                    + why);
            return 0;
        });
        assertTrue(SeededCases.replaying() || exits.getOrDefault(0, 0) > 0, "no dump was imported: " + exits);
    }

    /** A dump of a few nodes and pods whose every field is drawn from valid and invalid values alike. */
    static String dump(SplittableRandom r) {
        StringBuilder b = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
        int nodes = 1 + r.nextInt(4);
        List<String> nodeNames = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            String name = SeededCases.pick(r, NAMES);
            nodeNames.add(name);
            b.append("- apiVersion: v1\n  kind: Node\n");
            if (r.nextInt(10) == 0) {
                continue; // no metadata at all
            }
            b.append("  metadata:\n    name: '").append(name).append("'\n");
            if (r.nextInt(6) != 0) {
                b.append("    annotations:\n      hami.io/node-nvidia-register: '[{\"id\":\"")
                        .append(SeededCases.pick(r, CARDS)).append("-").append(r.nextInt(2))
                        .append("\",\"count\":10,\"devmem\":").append(r.nextInt(3) == 0 ? -5 : 24576)
                        .append(",\"devcore\":100,\"type\":\"NVIDIA L4\",\"mode\":\"hami-core\",\"health\":true}]'\n");
                if (r.nextInt(8) == 0) {
                    b.append("      note: ").append("y".repeat(70_000)).append('\n');
                }
            }
            b.append("  status:\n    capacity:\n      cpu: '").append(SeededCases.pick(r, CPU))
                    .append("'\n      memory: '").append(SeededCases.pick(r, MEMORY)).append("'\n");
        }
        int pods = r.nextInt(6);
        for (int i = 0; i < pods; i++) {
            b.append("- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: '").append(SeededCases.pick(r, POD_NAMES))
                    .append("'\n");
            if (r.nextBoolean()) {
                b.append("    namespace: '").append(SeededCases.pick(r, NAMESPACES)).append("'\n");
            }
            if (i == 0) {
                b.append("    labels: &labels\n      app: train\n");
            } else if (r.nextBoolean()) {
                b.append("    labels: *labels\n");
            }
            b.append("  spec:\n");
            if (r.nextBoolean() && !nodeNames.isEmpty()) {
                b.append("    nodeName: '").append(SeededCases.pick(r, nodeNames)).append("'\n");
            }
            b.append("    containers:\n    - name: ").append(r.nextInt(8) == 0 ? "Bad_C" : "main")
                    .append("\n      image: busybox\n      resources:\n        limits:\n          nvidia.com/gpu: '")
                    .append(SeededCases.pick(r, GPU)).append("'\n          nvidia.com/gpumem: '")
                    .append(r.nextBoolean() ? "8000" : SeededCases.pick(r, GPU)).append("'\n        requests:\n")
                    .append("          cpu: '").append(SeededCases.pick(r, CPU)).append("'\n");
            b.append("  status:\n    phase: ").append(r.nextBoolean() ? "Running" : "Pending").append('\n');
        }
        int quotas = r.nextInt(3);
        for (int i = 0; i < quotas; i++) {
            b.append("- apiVersion: v1\n  kind: ResourceQuota\n  metadata: {name: q, namespace: ")
                    .append(SeededCases.pick(r, NAMESPACES)).append("}\n  spec: {hard: {limits.nvidia.com/gpumem: '")
                    .append(SeededCases.pick(r, GPU)).append("'}}\n");
        }
        return b.toString();
    }

    private static CliRunner.Result run(String... args) {
        return assertTimeoutPreemptively(BUDGET, () -> CliRunner.run(args), () -> "over " + BUDGET.toSeconds()
                + " s: gpulab " + String.join(" ", args));
    }

    private static String clip(String s) {
        return s.length() > 4000 ? s.substring(0, 4000) + "..." : s;
    }

    static Path write(String name, String text) throws IOException {
        return Files.write(DIR.resolve(name), text.getBytes(StandardCharsets.UTF_8));
    }
}
