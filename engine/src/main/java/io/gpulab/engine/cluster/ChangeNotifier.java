package io.gpulab.engine.cluster;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Tells a cluster backend's listeners that the lab changed, on one thread of its own: a burst of watch events
 * (a re-list after a dropped watch) becomes one snapshot, not one per event, and never runs on fabric8's threads.
 */
final class ChangeNotifier {

    private final AtomicLong version = new AtomicLong();
    private final List<LabListener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService notifier = ClusterClients.daemonPool(1, "gpulab-cluster-listeners");
    private final AtomicBoolean notifyPending = new AtomicBoolean();
    private final EventLog log;
    private final Supplier<LabSnapshot> snapshot;
    private final BooleanSupplier closed;
    private long notifiedSeq;

    ChangeNotifier(EventLog log, Supplier<LabSnapshot> snapshot, BooleanSupplier closed) {
        this.log = log;
        this.snapshot = snapshot;
        this.closed = closed;
    }

    /** The number of the lab's content: read before the content, so a change landing meanwhile gets a later one. */
    long version() {
        return version.get();
    }

    AutoCloseable subscribe(LabListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    void changed() {
        version.incrementAndGet();
        if (closed.getAsBoolean() || listeners.isEmpty() || !notifyPending.compareAndSet(false, true)) {
            return;
        }
        try {
            notifier.execute(() -> {
                notifyPending.set(false);
                List<LabEvent> fresh = log.since(notifiedSeq);
                if (!fresh.isEmpty()) {
                    notifiedSeq = fresh.get(fresh.size() - 1).seq();
                }
                LabSnapshot s = snapshot.get();
                listeners.forEach(l -> l.changed(s, fresh));
            });
        } catch (RejectedExecutionException e) {
            notifyPending.set(false);   // closing
        }
    }

    void close() {
        notifier.shutdownNow();
    }
}
