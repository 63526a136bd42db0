package io.gpulab.app.gui.fx;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Runs tasks on the calling thread like {@link CurrentThreadTaskExecutor} and adds up the time spent in
 * the engine work itself. The headless frame benchmark subtracts it: in the desktop app that work runs
 * on a background thread and does not hold up a frame. The lab's own announcements (a new snapshot, new
 * events) reach the view through {@link #ui}: run inside the engine's call here, they are UI work the desktop
 * app does on the FX thread, so they are not counted as engine work.
 */
public final class TimedTaskExecutor implements TaskExecutor {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final CurrentThreadTaskExecutor inner = new CurrentThreadTaskExecutor();
    private long workNanos;
    private long workCpuNanos;
    private long nestedNanos;
    private long nestedCpuNanos;
    private int depth;

    @Override
    public <T> void execute(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
        inner.execute(() -> {
            long t0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            long n0 = nestedNanos;
            long nc0 = nestedCpuNanos;
            depth++;
            try {
                return work.call();
            } finally {
                depth--;
                workNanos += System.nanoTime() - t0 - (nestedNanos - n0);
                workCpuNanos += THREADS.getCurrentThreadCpuTime() - c0 - (nestedCpuNanos - nc0);
            }
        }, onSuccess, onFailure);
    }

    /** {@code ui}, with the time its actions take inside engine work taken out of that work's time. */
    public Executor ui(Executor ui) {
        return action -> ui.execute(() -> {
            if (depth == 0) {
                action.run();
                return;
            }
            long t0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            try {
                action.run();
            } finally {
                nestedNanos += System.nanoTime() - t0;
                nestedCpuNanos += THREADS.getCurrentThreadCpuTime() - c0;
            }
        });
    }

    /** Nanoseconds spent in engine work so far (wall clock). */
    public long workNanos() {
        return workNanos;
    }

    /** CPU nanoseconds of the engine work so far (the calling thread's). */
    public long workCpuNanos() {
        return workCpuNanos;
    }

    @Override
    public void shutdown() {
        inner.shutdown();
    }
}
