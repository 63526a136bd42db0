package io.gpulab.app.gui.fx;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs every task and its callback immediately on the calling thread, in order. */
public final class CurrentThreadTaskExecutor implements TaskExecutor {

    @Override
    public <T> void execute(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
        T result;
        try {
            result = work.call();
        } catch (Exception e) {
            onFailure.accept(e);
            return;
        }
        onSuccess.accept(result);
    }

    @Override
    public void shutdown() {
        // nothing runs in the background
    }
}
