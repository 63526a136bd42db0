package io.gpulab.engine.cluster;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PlainReasons;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The {@code cluster} backend: a live view of a real Kamaji + HAMi lab. Snapshots are built from the
 * informer caches, so after a dropped watch the re-list makes the next snapshot complete again.
 * Read-only unless {@link ClusterOptions#allowWrites()}; simulation-only commands are refused.
 */
public final class ClusterBackend implements LabBackend {

    private final ClusterOptions options;
    private final ChangeNotifier changes;
    private final ClusterConnection connection;
    private final ReadGaps gaps;
    private final ObservedLab observed;
    /** HAMi's settings per tenant (its Helm values cannot be read from the tenant), chart defaults otherwise. */
    private final Map<String, SchedulerConfig> hami = new ConcurrentHashMap<>();
    /** Test seam: runs while a snapshot is being built, to land a change in the middle of it. */
    volatile Runnable duringSnapshot = () -> { };

    private ClusterBackend(ClusterOptions options) {
        this.options = options;
        this.connection = new ClusterConnection(options, this::changed);
        this.changes = new ChangeNotifier(connection.log(), this::snapshot, connection::closed);
        this.gaps = new ReadGaps(options, connection);
        this.observed = new ObservedLab(options, connection, gaps, this::hami);
        try {
            connection.connect();
        } catch (RuntimeException | Error e) {
            close();   // a half-built backend must not leave clients or threads behind
            throw e;
        }
    }

    /**
     * Connects: discovers the tenants of the management cluster (if any), adds the tenants given by
     * their own kubeconfigs, starts the informers and waits for their first list, all within
     * {@link ClusterOptions#syncTimeout()}. A tenant that fails or is late is shown with the reason.
     *
     * @throws ClusterException when the management kubeconfig cannot be read or used
     */
    public static ClusterBackend connect(ClusterOptions options) {
        return new ClusterBackend(options);
    }

    /** Read this tenant's quotas with its own HAMi resource names and memoryFactor from the next snapshot on. */
    public void assumeHami(String tenant, SchedulerConfig cfg) {
        hami.put(tenant, cfg);
        changed();
    }

    /**
     * The reason in words with the pod's request as HAMi reads it under the tenant's assumed settings (the snapshot's
     * default does not know it), the cards as observed and the pod's per-node reasons.
     */
    @Override
    public Optional<PlainReason> plainReason(String tenant, String podKey) {
        TenantWatch w = watch(tenant);
        LabSnapshot snap = snapshot();
        var view = snap.tenant(tenant);
        if (w == null || view.isEmpty()) {
            return Optional.empty();
        }
        var pod = w.pods().stream().filter(p -> TenantAssembler.podKey(p).equals(podKey)).findFirst();
        var seen = view.get().pod(podKey);
        if (pod.isEmpty() || seen.isEmpty()) {
            return Optional.empty();
        }
        var ctx = FilterContext.of(PendingExplainer.podInfo(pod.get()), hami(tenant));
        PodView p = seen.get();
        return PlainReasons.of(new PlainReasons.Pod(p.phase(), p.reason(),
                p.message(), p.failedNodes(), ctx.isOk() ? ctx.value().requests() : List.of(),
                p.annotations(), p.namespace(), ctx.isOk() ? ctx.value()::typeAllowed : null),
                PlainReasons.Lab.ofViews(view.get().nodes()).with(io.gpulab.engine.api.LabNow.of(view.get(),
                        snap.now())));
    }

    /** The HAMi settings assumed for a tenant: those given with {@link #assumeHami}, else the chart's defaults. */
    public SchedulerConfig hami(String tenant) {
        return hami.getOrDefault(tenant, SchedulerConfig.DEFAULTS);
    }

    public ClusterOptions options() {
        return options;
    }

    @Override
    public String id() {
        return options.backendId();
    }

    @Override
    public LabSnapshot snapshot() {
        synchronized (connection) {
            // the number is read before the content: a change landing during the build gets a later number,
            // so the view that holds this snapshot still takes the next one (and that change's events)
            long v = changes.version();
            duringSnapshot.run();
            return observed.snapshot(v, id());
        }
    }

    @Override
    public List<LabEvent> events() {
        return connection.log().all();
    }

    @Override
    public CommandResult execute(LabCommand command) {
        return new ClusterWrites(this, options.allowWrites()).apply(command);
    }

    @Override
    public PodTrace trace(String tenant, String podKey) {
        return ClusterTrace.of(snapshot(), events(), tenant, podKey);
    }

    /**
     * Why nothing could be read ({@link LabBackend#unreadable()}), in one line: the management cluster did not
     * answer, refused or failed its list of TenantControlPlanes (so no tenant is known), or not one of the tenants
     * could be read: none has had its nodes and pods listed (a tenant connected but refused, 401/403, or not yet
     * answered counts as not read). Empty when the cluster was read, also in part (a tenant that could not be read
     * is then in its tenant's warnings). Commands that need the cluster's content say this instead of answering on an empty lab ("no GPU
     * pods").
     */
    @Override
    public Optional<String> unreadable() {
        return Optional.ofNullable(gaps.whyUnreadable());
    }

    /**
     * Refuses an answer that would leave out what could not be read.
     *
     * @param lost what an answer without an unread tenant would lack, e.g. "its pods would be missing"
     * @throws ClusterException naming the cluster or the first tenant that could not be read, and why
     */
    public void requireEveryTenant(String lost) {
        String all = gaps.whyUnreadable();
        if (all != null) {
            throw new ClusterException("cannot read the cluster: " + all);
        }
        for (TenantLink l : tenantLinks()) {
            String why = gaps.tenantUnreadable(l.name());
            if (why != null) {
                throw new ClusterException("cannot read the cluster: " + why + " (" + lost + ")");
            }
        }
    }

    /** Why {@code tenant} could not be read (its nodes and pods not listed), in one line, or null when it was. */
    public @Nullable String tenantUnreadable(String tenant) {
        return gaps.tenantUnreadable(tenant);
    }

    /** The tenant's watch (for writes and why-pending), or {@code null} when it is not connected. */
    @Nullable TenantWatch watch(String tenant) {
        return connection.watch(tenant);
    }

    /** Tenants and where their credentials came from (never the credentials). */
    public List<TenantLink> tenantLinks() {
        synchronized (connection) {
            return List.copyOf(connection.links().values());
        }
    }

    @Override
    public AutoCloseable subscribe(LabListener listener) {
        return changes.subscribe(listener);
    }

    void changed() {
        changes.changed();
    }

    /** Closes every informer and client and stops every thread this backend started. */
    @Override
    public void close() {
        if (connection.close()) {
            changes.close();
        }
    }

    @Override
    public String toString() {
        return "ClusterBackend[" + options + "]";
    }
}
