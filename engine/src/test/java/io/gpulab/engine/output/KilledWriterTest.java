package io.gpulab.engine.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A writer killed with SIGKILL half-way leaves nothing under the final name: no file where there was none, the
 * previous file where there was one. The child is killed once it has said it wrote its first megabyte (no sleeps
 * to guess when).
 */
class KilledWriterTest {

    /** The child: writes 1 MiB, says so, then keeps writing until it is killed. */
    public static void main(String[] args) throws IOException {
        Path target = Path.of(args[0]);
        OutputFile.write(target, OutputKind.of("test", "made-by: gpulab"), false, (OutputStream out) -> {
            out.write("made-by: gpulab\n".getBytes(StandardCharsets.UTF_8));
            byte[] mib = new byte[1 << 20];
            out.write(mib);
            out.flush();
            System.out.println("wrote 1 MiB");
            System.out.flush();
            while (true) {
                out.write(mib, 0, 4096);
                out.flush();
            }
        });
    }

    private static void killMidWrite(Path target) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                KilledWriterTest.class.getName(), target.toString()).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null && !line.equals("wrote 1 MiB")) {
                // the JVM's own notices, if any
            }
            assertEquals("wrote 1 MiB", line, "the child never started writing");
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void aKilledWriterLeavesNoFileUnderTheFinalName(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("out.yaml");
        killMidWrite(target);
        assertFalse(Files.exists(target));
        try (var s = Files.list(dir)) {
            assertTrue(s.allMatch(p -> p.getFileName().toString().matches("\\.out\\.yaml\\.gpulab-\\d+-\\w+\\.tmp")),
                    "only the hidden temporary file may remain");
        }
        OutputFile.write(target, OutputKind.of("test", "made-by: gpulab"), false,
                out -> out.write("made-by: gpulab\nwhole\n".getBytes(StandardCharsets.UTF_8)));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "the next write removes the dead writer's temporary file");
        }
    }

    @Test
    void aKilledWriterLeavesThePreviousFileAsItWas(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("out.yaml");
        Files.writeString(target, "made-by: gpulab\nprevious\n");
        killMidWrite(target);
        assertEquals("made-by: gpulab\nprevious\n", Files.readString(target));
    }
}
