package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

/**
 * The sim backend's listeners: each is told through a dispatcher of its own, so calls to one listener keep their
 * order and never overlap, while a slow listener holds up neither the others nor the commands.
 */
final class LabListeners {

    private final Executor executor;
    private final List<Subscription> subscriptions = new CopyOnWriteArrayList<>();

    LabListeners(Executor executor) {
        this.executor = executor;
    }

    AutoCloseable add(LabListener listener) {
        Subscription s = new Subscription(listener, new SerialDispatcher(executor));
        subscriptions.add(s);
        return () -> subscriptions.remove(s);
    }

    boolean isEmpty() {
        return subscriptions.isEmpty();
    }

    void clear() {
        subscriptions.clear();
    }

    /** Every listener gets the snapshot and a command's events, on its own dispatcher. */
    void tell(LabSnapshot snap, List<LabEvent> news) {
        for (Subscription s : subscriptions) {
            s.dispatcher.execute(() -> s.listener.changed(snap, news));
        }
    }

    private record Subscription(LabListener listener, SerialDispatcher dispatcher) { }
}
