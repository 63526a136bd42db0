package io.gpulab.app.gui.fx;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs tasks on the calling thread like {@link CurrentThreadTaskExecutor} and adds up the time spent in
 * the engine work itself. The headless frame benchmark subtracts it: in the desktop app that work runs
 * on a background thread and does not hold up a frame.
 */
public final class TimedTaskExecutor implements TaskExecutor {

    private final CurrentThreadTaskExecutor inner = new CurrentThreadTaskExecutor();
    private long workNanos;

    @Override
    public <T> void execute(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
        inner.execute(() -> {
            long t0 = System.nanoTime();
            try {
                return work.call();
            } finally {
                workNanos += System.nanoTime() - t0;
            }
        }, onSuccess, onFailure);
    }

    /** Nanoseconds spent in engine work so far. */
    public long workNanos() {
        return workNanos;
    }

    @Override
    public void shutdown() {
        inner.shutdown();
    }
}
