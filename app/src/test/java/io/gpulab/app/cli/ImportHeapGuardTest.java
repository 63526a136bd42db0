package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dump of tiny labels needs more heap per byte than {@code import snapshot}'s up-front estimate (8–9 bytes, not 5):
 * it passes the estimate, and the reader stops in one line naming the file, the line and object reached and the
 * limit, before the JVM runs out (it met the JVM's own limit halfway through the read).
 */
class ImportHeapGuardTest {

    @Test
    void aDumpOfTinyLabelsIsStoppedWhileReadNamingWhereAndTheLimit(@TempDir Path dir) throws Exception {
        assertStopped(dir, List.of("-Xmx96m"), "still in use after a collection");
    }

    /** G1 (the JVM's default collector, `java -jar`): at 75 % of its whole heap it read the dump and then ran out. */
    @Test
    void underG1TheReadingStopsToo(@TempDir Path dir) throws Exception {
        assertStopped(dir, List.of("-Xmx96m", "-XX:+UseG1GC"), "still in use after a collection");
    }

    /** The confirming collection ignored: the JVM's own full collection came too late, the heap ran out instead. */
    @Test
    void aJvmThatIgnoresSystemGcStopsCountingGarbage(@TempDir Path dir) throws Exception {
        assertStopped(dir, List.of("-Xmx96m", "-XX:+DisableExplicitGC"), "in use, garbage included \\(this JVM "
                + "ignores System\\.gc\\(\\): -XX:\\+DisableExplicitGC\\)");
    }

    private static void assertStopped(Path dir, List<String> jvm, String inUse) throws Exception {
        Path dump = tinyLabels(dir.resolve("tiny.yaml"), 2_000); // 8.3 MB: 90 MB by the estimate, within -Xmx96m
        Path out = dir.resolve("s.json");
        ChildGpulab.Result r = ChildGpulab.run(dir, jvm, "import", "snapshot", "--tenant",
                "tenant-a=" + dump, "--out", out.toString());
        String all = r.out() + r.err();
        assertEquals(2, r.exit(), all);
        assertEquals(1, r.err().lines().count(), all);
        assertTrue(Pattern.compile("gpulab: import snapshot: " + Pattern.quote(dump.toString()) + ":\\d+: Pod d/p\\d+: "
                + "the heap is nearly full after [\\d,]+ objects, [\\d.]+ MB of the dump's 8\\.3 MB: \\d+ MB " + inUse
                + ", over 75 % of the \\d+ MB its old generation may hold \\(a dump of many small "
                + "labels or annotations needs more heap per byte than the 5 of the estimate\\); give it more with "
                + "GPULAB_JAVA_OPTS=-Xmx\\d+[mg] \\(JDK_JAVA_OPTIONS on Windows and macOS\\), or dump fewer namespaces "
                + "\\(kubectl get \\.\\.\\. -n NAMESPACE\\)\\R").matcher(r.err()).matches(), all);
        assertFalse(Files.exists(out));
    }

    /** Pods of 600 labels of two letters and one, in flow style: 7 bytes a label, ~48 bytes of heap each. */
    private static Path tinyLabels(Path file, int pods) throws Exception {
        String labels = IntStream.range(0, 600).mapToObj(i -> "" + (char) ('a' + i / 26) + (char) ('a' + i % 26) + ": x")
                .collect(Collectors.joining(", ", "{", "}"));
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: n0}\n"
                    + "  status: {capacity: {cpu: '64', memory: 512Gi}}\n");
            for (int i = 0; i < pods; i++) {
                w.write("- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p" + i + "\n    namespace: d\n"
                        + "    labels: " + labels + "\n  spec:\n    containers: [{name: m, image: i}]\n");
            }
        }
        return file;
    }
}
