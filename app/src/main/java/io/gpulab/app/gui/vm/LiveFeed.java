package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The workbench's subscription to the live lab: snapshots and events the backend announces on its own
 * (the clock running, a real cluster changing) reach the view on the UI executor, unless the lab has
 * been swapped since or a past version is shown.
 */
final class LiveFeed {

    private final Executor ui;
    private @Nullable AutoCloseable subscription;

    LiveFeed(Executor ui) {
        this.ui = ui;
    }

    /**
     * Follows {@code backend}: a newer snapshot goes to {@code newer}, new events are appended to
     * {@code events}, while {@code current} says the backend is still the one shown.
     */
    void follow(LabBackend backend, BooleanSupplier current, Consumer<LabSnapshot> newer, List<LabEvent> events) {
        subscription = backend.subscribe((s, newEvents) -> ui.execute(() -> {
            if (!current.getAsBoolean()) {
                return;
            }
            newer.accept(s);
            // events are appended by sequence number whatever the snapshot's version: a snapshot the view
            // already holds (taken after a command) must not drop the events announced with it
            long lastSeq = events.isEmpty() ? 0 : events.get(events.size() - 1).seq();
            // one append for the lot: the event table lays itself out once per change, not once per event
            List<LabEvent> fresh = newEvents.stream().filter(e -> e.seq() > lastSeq).toList();
            if (!fresh.isEmpty()) {
                events.addAll(fresh);
            }
        }));
    }

    void close() {
        try {
            if (subscription != null) {
                subscription.close();
            }
        } catch (Exception ignored) {
            // the old backend is going away anyway
        }
    }
}
