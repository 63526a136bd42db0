package io.gpulab.app.cli;

import io.gpulab.engine.scenario.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The text summary's step lines ({@link RunSummary#step}), formatted on a second thread while the run goes on: the
 * simulation runs on one core of the two, and formatting a 50,000-step replay's lines took ~0.2 s after it.
 * Results are handed over in batches (cheap next to a step) and their lines come back in step order; a run shorter
 * than one batch starts no thread.
 */
final class StepLines implements Consumer<StepResult>, AutoCloseable {

    private static final int BATCH = 512;

    private final List<Future<String>> chunks = new ArrayList<>();
    private List<StepResult> batch = new ArrayList<>(BATCH);
    private ExecutorService worker;

    @Override
    public void accept(StepResult step) {
        batch.add(step);
        if (batch.size() == BATCH) {
            if (worker == null) {
                worker = Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "gpulab-step-lines");
                    t.setDaemon(true); // never keeps the JVM alive after a failed run
                    return t;
                });
            }
            List<StepResult> full = batch;
            batch = new ArrayList<>(BATCH);
            chunks.add(worker.submit(() -> format(full)));
        }
    }

    /** Every step's lines so far, in step order; waits for the batches still being formatted. */
    List<String> lines() {
        List<String> out = new ArrayList<>(chunks.size() + 1);
        chunks.forEach(f -> out.add(CliSupport.join(f)));
        out.add(format(batch));
        return out;
    }

    private static String format(List<StepResult> steps) {
        StringBuilder sb = new StringBuilder(steps.size() * 160);
        steps.forEach(s -> RunSummary.step(s, sb));
        return sb.toString();
    }

    @Override
    public void close() {
        if (worker != null) {
            worker.shutdownNow();
        }
    }
}
