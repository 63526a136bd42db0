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
 * any poll notices, by a periodic check that the cache holds exactly the objects, at the resourceVersions, that
 * the server lists. A watch that stays down is re-listed without waiting for fabric8's reconnect.
 */
final class RelistingInformer<T extends HasMetadata> implements AutoCloseable {

    private final String what;
    private final Supplier<SharedIndexInformer<T>> factory;
    private final ResourceEventHandler<T> handler;
    private final Runnable onRelist;
    private final Supplier<List<T>> lister;
    private final int reconcileEvery;
    /** Rounds a watch may stay down before a fresh informer lists without waiting for fabric8's reconnect (5 s). */
    private static final int DOWN_TICKS = 20;
    /** Rounds before a difference between cache and server is looked at again (2 s). */
    private static final int RECHECK_TICKS = 8;
    /** Rounds a fresh informer may take to list and watch before it is dropped and tried again (30 s). */
    private static final int FRESH_TICKS = 120;
    private long ticks;
    private long downSince;
    private long recheckAt;
    private java.util.Set<String> suspects = java.util.Set.of();
    private volatile SharedIndexInformer<T> current;
    private volatile CompletableFuture<Void> started;
    /** A fresh informer listing in place of {@link #current}, or {@code null}. */
    private volatile @org.jspecify.annotations.Nullable SharedIndexInformer<T> fresh;
    private CompletableFuture<Void> freshStarted = CompletableFuture.completedFuture(null);
    private long freshSince;
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

    /**
     * Called periodically (every 250 ms by the owners). A drop is re-listed by a fresh informer, built and started
     * without blocking this thread and swapped in once it has listed and watches. Three ways lead there: the watch
     * was seen down and is back; the watch has stayed down for {@link #DOWN_TICKS} rounds (fabric8's own reconnect
     * may be backing off, or stuck: its view would never catch up); or the periodic comparison with the server
     * found, twice in a row, an object whose name or resourceVersion the cache does not hold (a reconnect faster
     * than any poll, from a server that did not replay the gap: deletions and updates both missed).
     */
    synchronized void supervise() {
        if (closed || refusal != null) {
            return;
        }
        ticks++;
        if (fresh != null) {
            settleFresh();
            return;
        }
        SharedIndexInformer<T> inf = current;
        if (!isWatching(inf)) {
            if (!sawDrop) {
                sawDrop = true;
                downSince = ticks;
            }
            if (ticks - downSince >= DOWN_TICKS) {
                downSince = ticks;   // a fresh informer that also fails is tried again DOWN_TICKS later
                startFresh();
            }
            return;
        }
        if (!sawDrop && (ticks % reconcileEvery == 0 || (!suspects.isEmpty() && ticks >= recheckAt))) {
            java.util.Set<String> differing = differences(inf);
            if (suspects.isEmpty()) {
                if (!differing.isEmpty()) {
                    suspects = differing;   // may be an event still on its way: look again shortly
                    recheckAt = ticks + RECHECK_TICKS;
                }
            } else {
                // the same entry, on the same side, twice: no event replaced it in between, the cache missed it
                differing.retainAll(suspects);
                sawDrop = !differing.isEmpty();
                suspects = java.util.Set.of();
            }
        }
        if (sawDrop) {
            startFresh();
        }
    }

    private void startFresh() {
        SharedIndexInformer<T> f = build();
        fresh = f;
        freshSince = ticks;
        try {
            freshStarted = f.start().toCompletableFuture();
        } catch (RuntimeException e) {
            fresh = null;   // sawDrop stays set: tried again on a later round
            f.close();
            throw e;
        }
    }

    /** A fresh informer listing: swap it in once synced, drop it if it failed or takes longer than 30 s. */
    private void settleFresh() {
        SharedIndexInformer<T> f = fresh;
        CompletableFuture<Void> s = freshStarted;
        if (!s.isDone() && ticks - freshSince < FRESH_TICKS) {
            return;
        }
        fresh = null;
        if (!s.isDone() || s.isCompletedExceptionally()) {
            f.close();   // sawDrop stays set: the next round tries again
            return;
        }
        SharedIndexInformer<T> old;
        synchronized (swap) {
            if (closed) {
                f.close();   // closed while the fresh informer was listing: do not leave it running
                return;
            }
            old = current;
            current = f;
        }
        sawDrop = false;
        suspects = java.util.Set.of();
        old.close();
        // objects that vanished during the gap are only absent from the fresh cache: tell the listener
        onRelist.run();
    }

    /**
     * Where cache and server disagree: {@code server:ns/name@resourceVersion} for what the server lists and the
     * cache lacks, {@code cache:ns/name@resourceVersion} for what the cache holds and the server no longer lists.
     * Empty when they agree or when the server does not answer (the informer's own retry is at work).
     */
    private java.util.Set<String> differences(SharedIndexInformer<T> inf) {
        java.util.Set<String> server;
        try {
            server = keys(lister.get());
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            return new java.util.HashSet<>();
        }
        java.util.Set<String> cache = keys(inf.getStore().list());
        java.util.Set<String> differing = new java.util.HashSet<>();
        server.stream().filter(k -> !cache.contains(k)).forEach(k -> differing.add("server:" + k));
        cache.stream().filter(k -> !server.contains(k)).forEach(k -> differing.add("cache:" + k));
        return differing;
    }

    private static <T extends HasMetadata> java.util.Set<String> keys(List<T> objects) {
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (T o : objects) {
            keys.add(o.getMetadata().getNamespace() + "/" + o.getMetadata().getName() + "@"
                    + o.getMetadata().getResourceVersion());
        }
        return keys;
    }

    @Override
    public void close() {
        SharedIndexInformer<T> listing;
        synchronized (swap) {   // a supervise() that swaps after this sees closed and closes its fresh informer
            closed = true;
            current.close();
            listing = fresh;
        }
        if (listing != null) {
            listing.close();
        }
    }
}
