package io.gpulab.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code gpulab} in a JVM of its own (the launcher, the test class path, the serial collector unless the options name
 * another), as a user runs it.
 */
final class ChildGpulab {

    /** What the child printed and how it ended. */
    record Result(int exit, String out, String err) { }

    private ChildGpulab() {
    }

    /** Runs {@code gpulab ARGS} in {@code dir} with these JVM options; a guard of 300 s against a hang. */
    static Result run(Path dir, List<String> jvm, String... args) throws Exception {
        return runMain(dir, jvm, "io.gpulab.app.Launcher", args);
    }

    /** As {@link #run}, with another main class of the test class path. */
    static Result runMain(Path dir, List<String> jvm, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        cmd.addAll(jvm);
        if (jvm.stream().noneMatch(o -> o.startsWith("-XX:+Use") && o.endsWith("GC"))) {
            cmd.add("-XX:+UseSerialGC");
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main));
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
