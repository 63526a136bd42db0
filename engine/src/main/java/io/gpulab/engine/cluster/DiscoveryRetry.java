package io.gpulab.engine.cluster;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The management cluster's discovery after it missed the connect deadline or could not list the
 * TenantControlPlanes: the late answer is still taken when it comes, and a failed attempt is tried again in the
 * background, 2 s after the first failure and doubling to at most every 60 s, until one lists them. Refused
 * credentials or permissions (HTTP 401/403) are not asked again, as for the tenants' informers.
 */
final class DiscoveryRetry implements AutoCloseable {

    static final long FIRST_MILLIS = 2_000;
    static final long MOST_MILLIS = 60_000;

    private final Supplier<ManagementDiscovery.Result> attempt;
    private final Consumer<ManagementDiscovery.Result> onFound;
    private final Runnable onChange;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gpulab-cluster-rediscover");
        t.setDaemon(true);
        return t;
    });
    private volatile int attempts = 1;
    private volatile long nextMillis = FIRST_MILLIS;
    private volatile @Nullable String lastFailure;
    private volatile boolean gaveUp;
    private volatile boolean closed;

    /**
     * @param first   the discovery that missed the deadline (or failed): followed to its end
     * @param attempt a fresh discovery, run on this class's own thread
     * @param onFound called once, with the first result that lists the TenantControlPlanes
     * @param onChange called after every failed attempt (what is shown changed)
     */
    DiscoveryRetry(CompletableFuture<ManagementDiscovery.Result> first, Supplier<ManagementDiscovery.Result> attempt,
                   Consumer<ManagementDiscovery.Result> onFound, Runnable onChange) {
        this.attempt = attempt;
        this.onFound = onFound;
        this.onChange = onChange;
        follow(first);
    }

    private void follow(CompletableFuture<ManagementDiscovery.Result> f) {
        f.whenComplete((r, t) -> {
            if (closed) {
                return;
            }
            if (t == null && r.unread() == null) {
                onFound.accept(r);
                return;
            }
            String why = t != null ? ClientErrors.sentence(t) : r.unread();
            lastFailure = why;
            // refused credentials or permissions do not heal by themselves: a retry loop would only hide them
            if (t != null ? ClientErrors.refused(t) : why.contains("HTTP 401") || why.contains("HTTP 403")) {
                gaveUp = true;
            } else {
                long delay = nextMillis;
                nextMillis = Math.min(MOST_MILLIS, delay * 2);
                try {
                    timer.schedule(() -> {
                        attempts++;
                        follow(CompletableFuture.supplyAsync(attempt, Runnable::run));
                    }, delay, TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.RejectedExecutionException closing) {
                    return;
                }
            }
            onChange.run();
        });
    }

    /**
     * What the management cluster's warning adds while its tenants are unknown, one clause; the last failure is left
     * out when a warning already says it (a Kamaji that is not installed is said once, not twice).
     */
    String status(java.util.List<String> shown) {
        String failure = lastFailure;
        String last = failure == null || shown.stream().anyMatch(w -> w.contains(failure)) ? null : failure;
        String tried = attempts == 1 ? "tried once" : "tried " + attempts + " times";
        if (gaveUp) {
            return tried + ", not retried" + (last == null ? "" : ": " + last);
        }
        return "retrying in the background (" + tried + (last == null ? "" : ", last: " + last)
                + "; every " + Math.min(MOST_MILLIS, nextMillis) / 1000 + " s at most)";
    }

    @Override
    public void close() {
        closed = true;
        timer.shutdownNow();
    }
}
