package io.gpulab.engine.sim;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

/**
 * Runs tasks on an injected executor one at a time, in submission order, so one listener is never
 * called concurrently or out of order even on a thread pool. With {@code Runnable::run} it runs inline.
 */
final class SerialDispatcher implements Executor {

    private final Executor target;
    private final Queue<Runnable> queue = new ArrayDeque<>();
    private boolean running;

    SerialDispatcher(Executor target) {
        this.target = target;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (queue) {
            queue.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        target.execute(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (queue) {
                next = queue.poll();
                if (next == null) {
                    running = false;
                    return;
                }
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                // a failing listener must not stop the others' deliveries; it sees the next change anyway
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
            }
        }
    }
}
