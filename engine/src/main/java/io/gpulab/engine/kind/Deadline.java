package io.gpulab.engine.kind;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a Docker call with a hard deadline. docker-java's own timeouts do not cover a socket that
 * accepts and never answers (a Docker socket that hangs), so the call runs on a daemon thread that is
 * abandoned when the deadline passes.
 */
public final class Deadline {

    private Deadline() {
    }

    /**
     * @param what  what is being done, for the message, e.g. {@code "ping Docker at unix:///..."}
     * @throws KindException when the call fails (with its root cause) or does not finish in time
     */
    public static <T> T call(String what, Duration limit, Callable<T> call) {
        ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gpulab-docker-call");
            t.setDaemon(true);
            return t;
        });
        Future<T> future = exec.submit(call);
        try {
            return future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new KindException(what + ": no answer within " + limit.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof KindException k) {
                throw k;
            }
            throw new KindException(what + ": " + rootMessage(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KindException(what + ": interrupted", e);
        } finally {
            exec.shutdownNow();
        }
    }

    /** The innermost message: docker-java wraps socket errors in RuntimeExceptions. */
    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage();
        return root.getClass().getSimpleName() + (msg == null ? "" : ": " + msg);
    }
}
