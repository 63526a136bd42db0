package io.gpulab.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code gpulab} in a JVM of its own (the launcher, the test class path, the serial collector), as a user runs it. */
final class ChildGpulab {

    /** What the child printed and how it ended. */
    record Result(int exit, String out, String err) { }

    private ChildGpulab() {
    }

    /** Runs {@code gpulab ARGS} in {@code dir} with these JVM options; a guard of 300 s against a hang. */
    static Result run(Path dir, List<String> jvm, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "io.gpulab.app.Launcher"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("gpulab " + String.join(" ", args) + " did not finish in 300 s");
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
