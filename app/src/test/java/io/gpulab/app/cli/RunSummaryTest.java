package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.StepEvidence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The text summary of {@code gpulab run}. */
class RunSummaryTest {

    @Test
    void cardFiguresAreGroupedExactlyAsPrintfGroupsThem() {
        long[] values = {0, 7, 999, 1000, 12_345, 81_920, 999_999, 1_000_000, 40_000_000_000L, -1, -1000, -123_456,
            Integer.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE};
        for (long v : values) {
            assertEquals(String.format(Locale.ROOT, "%,d", v), StepEvidence.grouped(new StringBuilder(), v).toString());
        }
    }

    /**
     * {@code run} formats step lines on a second thread in batches while the run goes on: a run of several batches,
     * with a failed check and its problem line inside one, must print every step once, in order, as the summary
     * formatted on one thread after the run reads.
     */
    @Test
    void aLongRunPrintsEveryStepInOrderAsFormattedOnOneThread(@TempDir Path dir) throws Exception {
        StringBuilder y = new StringBuilder(RunCommandTest.SMALL);
        for (int i = 0; i < 1300; i++) {
            y.append(i == 700 ? "  - expectPod: {tenant: tenant-a, pod: p1, node: w-b}\n"
                    : "  - advance: 1s\n");
        }
        Path file = dir.resolve("long.yaml");
        Files.writeString(file, y);

        CliHarness.Result cli = CliHarness.run("run", file.toString());
        assertEquals(1, cli.exit(), cli.err());

        Scenario s = new ScenarioReader().load(file.toString());
        StringWriter one = new StringWriter();
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            RunResult run = new ScenarioRunner(b, 0).run(s);
            StringBuilder lines = new StringBuilder();
            run.steps().forEach(step -> RunSummary.step(step, lines));
            RunSummary.print(run, List.of(lines), new PrintWriter(one));
        }
        assertEquals(wallless(one.toString()), wallless(cli.out()));
        assertTrue(cli.out().contains("\n  1301 done advance"), "the last step is printed");
        assertTrue(cli.out().contains("  702 FAIL "), "the failed check is printed where it ran");
    }

    /** The summary without the real time each step took (it differs from run to run). */
    private static String wallless(String summary) {
        return summary.replaceAll("wall [0-9.]+ ms", "wall - ms");
    }
}
