package io.gpulab.app.gui.fx;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs work off the UI thread and reports back on it. Production uses {@link FxTaskExecutor};
 * view-model tests and headless exports use {@link CurrentThreadTaskExecutor} to stay deterministic.
 */
public interface TaskExecutor {

    /** Runs {@code work}; exactly one of the callbacks is then called on the UI thread. */
    <T> void execute(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure);

    /** Stops accepting work. */
    void shutdown();
}
