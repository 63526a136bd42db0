package io.gpulab.engine.bench;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.SimBackendFactory;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Benchmark tool (not a test): runs a JSON scenario on the simulation as {@code gpulab run} does (no per-node reasons
 * for pending pods), read as a stream instead of through the file limit (256 MiB; 64 MiB before), for labs whose file is larger
 * ({@code gen.py 20000 8 300000 1 --cpu} writes 95 MB). Prints the steps, the pending pods and the run's time. Run:
 * {@code java <gpulab run's JVM options> -cp <app jar>:<engine test classes> io.gpulab.engine.bench.RunLarge FILE}
 * (docs/benchmarks.md, "Saturated labs at fleet scale").
 */
public final class RunLarge {

    private RunLarge() {
    }

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        Scenario s;
        try (Reader in = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8)) {
            s = new ScenarioReader().read(args[0], in, true);
        }
        long read = System.nanoTime();
        try (LabBackend lab = new SimBackendFactory().open(s.lab(), BackendOptions.NONE)) {
            RunResult r = new ScenarioRunner(lab, 0).run(s);
            long ran = System.nanoTime();
            long pending = lab.snapshot().tenants().stream()
                    .mapToLong(t -> t.pods().stream().filter(p -> "Pending".equals(p.phase())).count()).sum();
            System.out.printf(Locale.ROOT, "%s: %d steps, %d pods pending; read %.1f s, ran %.1f s%n", args[0],
                    r.steps().size(), pending, (read - start) / 1e9, (ran - read) / 1e9);
        }
    }
}
