package io.gpulab.engine.bench;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.SimBackendFactory;

import java.util.Locale;

/**
 * Benchmark (not a test): heap a run keeps, the live set young collections copy. Loads a scenario, builds its lab,
 * runs it as {@code gpulab run} does, and reports the live heap (after full collections) the parsed scenario, the
 * lab and the run add. Run: {@code java -cp <engine test classpath> io.gpulab.engine.bench.RunMemory SCENARIO}
 * (docs/benchmarks.md, "What a large run keeps").
 */
public final class RunMemory {

    private RunMemory() {
    }

    public static void main(String[] args) throws Exception {
        long base = LiveHeap.bytes();
        Scenario s = new ScenarioReader().load(args[0]);
        long parsed = LiveHeap.bytes();
        try (LabBackend lab = new SimBackendFactory().open(s.lab(), BackendOptions.NONE)) {
            long built = LiveHeap.bytes();
            RunResult r = new ScenarioRunner(lab, 0).run(s);
            long ran = LiveHeap.bytes();
            int n = s.steps().size();
            System.out.printf(Locale.ROOT, "%s: %d steps; parsed scenario %.1f MB (%d B a step), lab %.1f MB, "
                    + "run %.1f MB (%d B a step)%n", args[0], n, (parsed - base) / 1e6, (parsed - base) / n,
                    (built - parsed) / 1e6, (ran - built) / 1e6, (ran - built) / n);
            if (r.steps().size() != n) {
                throw new IllegalStateException("ran " + r.steps().size() + " of " + n + " steps");
            }
        }
    }
}
