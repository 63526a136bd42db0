package io.gpulab.app.gui.fx;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * One background thread for engine calls, so commands stay in the order the user gave them, with
 * results delivered on the FX thread.
 */
public final class FxTaskExecutor implements TaskExecutor {

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "gpulab-engine-calls");
        t.setDaemon(true);
        return t;
    });

    @Override
    public <T> void execute(Callable<T> work, Consumer<T> onSuccess, Consumer<Exception> onFailure) {
        worker.execute(() -> {
            try {
                T result = work.call();
                FxThread.runNowOrLater(() -> onSuccess.accept(result));
            } catch (Exception e) {
                FxThread.runNowOrLater(() -> onFailure.accept(e));
            }
        });
    }

    @Override
    public void shutdown() {
        worker.shutdownNow();
    }
}
