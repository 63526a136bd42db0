package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A fabric8 informer that re-lists after every reconnect. fabric8 re-lists by itself only on 410
 * Gone; after other drops it resumes the watch from its last resourceVersion, and a server that does
 * not replay what happened meanwhile (fabric8's mock server, an API server whose watch cache moved on
 * without answering 410) then never reports objects deleted during the gap. A fresh informer is
 * built and synced before it replaces the old one, so snapshots never see an empty cache.
 * A drop is seen either as a moment without a watch or, because fabric8 may reconnect faster than
 * any poll notices, by a periodic check that the cache holds exactly the objects the server lists.
 */
final class RelistingInformer<T extends HasMetadata> implements AutoCloseable {

    private final String what;
    private final Supplier<SharedIndexInformer<T>> factory;
    private final ResourceEventHandler<T> handler;
    private final Runnable onRelist;
    private final Supplier<List<T>> lister;
    private final int reconcileEvery;
    private int ticks;
    private volatile SharedIndexInformer<T> current;
    private volatile CompletableFuture<Void> started;
    private boolean sawDrop;
    private volatile boolean closed;
    private final Object swap = new Object();
    /** Set once the server refused the credentials or the permission (401/403): never retried. */
    private volatile @org.jspecify.annotations.Nullable String refusal;
    /** The last failure while not watching (cleared once watching again), one sentence. */
    private volatile @org.jspecify.annotations.Nullable String lastError;

    /**
     * @param lister         lists the objects on the server, to compare with the cache
     * @param reconcileEvery compare every this many {@link #supervise()} calls
     */
    RelistingInformer(String what, Supplier<SharedIndexInformer<T>> factory, ResourceEventHandler<T> handler, Runnable onRelist,
                      Supplier<List<T>> lister, int reconcileEvery) {
        this.what = what;
        this.factory = factory;
        this.handler = handler;
        this.onRelist = onRelist;
        this.lister = lister;
        this.reconcileEvery = reconcileEvery;
        this.current = build();
        this.started = current.start().toCompletableFuture();
    }

    private SharedIndexInformer<T> build() {
        SharedIndexInformer<T> inf = factory.get();
        // retry lost connections forever (fabric8's default handler stops after the first watch error),
        // but not refused credentials or permissions: those do not heal by themselves and a retry loop
        // would only hide them behind an empty tenant
        inf.exceptionHandler((wasStarted, t) -> {
            if (ClientErrors.refused(t)) {
                refusal = ClientErrors.sentence(t);
                return false;
            }
            lastError = ClientErrors.sentence(t);
            return !closed;
        });
        inf.addEventHandler(handler);
        return inf;
    }

    /** What is watched, e.g. {@code nodes}. */
    String what() {
        return what;
    }

    CompletableFuture<Void> started() {
        return started;
    }

    List<T> list() {
        return current.getStore().list();
    }

    boolean watching() {
        return isWatching(current);
    }

    /**
     * fabric8 7.5's Reflector reads its watch future with {@code Optional.of} while a restart may have cleared
     * it, so {@code isWatching} can throw NullPointerException between a dropped watch and the next one: that
     * is "not watching", and the caller's snapshot must not die of it.
     */
    private static boolean isWatching(SharedIndexInformer<?> inf) {
        try {
            return inf.isWatching();
        } catch (NullPointerException restarting) {
            return false;
        }
    }

    /** Why this informer stopped for good (HTTP 401/403), or {@code null}. */
    @org.jspecify.annotations.Nullable String refusal() {
        return refusal;
    }

    /** Whether the server refused this informer and fabric8's informer has stopped: nothing will ask again. */
    boolean gaveUp() {
        return refusal != null && current.stopped().toCompletableFuture().isDone();
    }

    /** The last connection failure while the watch is down, or {@code null} while watching. */
    @org.jspecify.annotations.Nullable String lastError() {
        if (isWatching(current)) {
            lastError = null;
        }
        return lastError;
    }

    /** Called periodically: after a drop, once the watch is back, swap in a freshly listed informer. */
    synchronized void supervise() {
        if (closed || refusal != null) {
            return;
        }
        SharedIndexInformer<T> inf = current;
        if (!isWatching(inf)) {
            sawDrop = true;
            return;
        }
        if (!sawDrop && ++ticks % reconcileEvery == 0) {
            sawDrop = cacheDiffersFromServer(inf);
        }
        if (!sawDrop) {
            return;
        }
        sawDrop = false;
        SharedIndexInformer<T> fresh = build();
        try {
            fresh.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            fresh.close();
            Thread.currentThread().interrupt();
            return;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            fresh.close();
            sawDrop = true;   // try again on the next round
            return;
        }
        synchronized (swap) {
            if (closed) {
                fresh.close();   // closed while the fresh informer was listing: do not leave it running
                return;
            }
            current = fresh;
        }
        inf.close();
        // objects that vanished during the gap are only absent from the fresh cache: tell the listener
        onRelist.run();
    }

    /** Whether the cache lacks an object the server lists, or holds one it no longer lists. */
    private boolean cacheDiffersFromServer(SharedIndexInformer<T> inf) {
        try {
            return !keys(lister.get()).equals(keys(inf.getStore().list()));
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            return false;   // the server is not answering: the informer's own retry is already at work
        }
    }

    private static <T extends HasMetadata> java.util.Set<String> keys(List<T> objects) {
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (T o : objects) {
            keys.add(o.getMetadata().getNamespace() + "/" + o.getMetadata().getName());
        }
        return keys;
    }

    @Override
    public void close() {
        synchronized (swap) {   // a supervise() that swaps after this sees closed and closes its fresh informer
            closed = true;
            current.close();
        }
    }
}
