package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpulab plan} in a JVM of its own, with no display: without {@code --out} the JavaFX toolkit is never
 * loaded (a plan answers in seconds); with {@code --out} the report's charts render headless all the same.
 */
class PlanToolkitTest {

    @Test
    void jsonWithoutAReportLoadsNoJavaFxAndTheReportRendersWithNoDisplay(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("classes-json.log");
        Child plain = gpulab(dir, json, "plan", "inference-a100-vs-l4", "--json");
        assertEquals(0, plain.exit, plain.output);
        assertTrue(plain.output.contains("\"gpulabVersion\""), plain.output);
        List<String> fx = javaFx(json);
        assertTrue(fx.isEmpty(), "plan --json loaded JavaFX: " + fx.subList(0, Math.min(5, fx.size())));

        Path report = dir.resolve("r.pdf");
        Path withOut = dir.resolve("classes-out.log");
        Child pdf = gpulab(dir, withOut, "plan", "inference-a100-vs-l4", "--out", report.toString());
        assertEquals(0, pdf.exit, pdf.output);
        assertTrue(Files.size(report) > 50_000, "report written");
        assertFalse(pdf.output.contains("Exception"), pdf.output);
        assertFalse(javaFx(withOut).isEmpty(), "the class log sees JavaFX when it is loaded");
    }

    private record Child(int exit, String output) { }

    /** The launcher with the test class path, no display, its class loading logged to {@code classLog}. */
    private static Child gpulab(Path dir, Path classLog, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xlog:class+load=info:file=" + classLog, "-cp", System.getProperty("java.class.path"),
                "io.gpulab.app.Launcher"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(dir.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        Path out = dir.resolve("out.txt");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("gpulab " + String.join(" ", args) + " did not finish in 120 s");
        }
        return new Child(p.exitValue(), Files.readString(out));
    }

    private static List<String> javaFx(Path classLog) throws Exception {
        return Files.readAllLines(classLog).stream().filter(l -> l.contains(" javafx.") || l.contains(" com.sun.javafx."))
                .toList();
    }
}
