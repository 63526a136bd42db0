package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.TenantView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The {@code cluster} backend: a live view of a real Kamaji + HAMi lab. Snapshots are built from the
 * informer caches, so after a dropped watch the re-list makes the next snapshot complete again.
 * Read-only unless {@link ClusterOptions#allowWrites()}; simulation-only commands are refused.
 */
public final class ClusterBackend implements LabBackend {

    private static final int FAST_RETRIES = 2;
    private static final int CONNECT_TIMEOUT_MILLIS = 5000;
    private static final int REQUEST_TIMEOUT_MILLIS = 10_000;
    private static final int PARALLEL_CONNECTS = 8;

    private final ClusterOptions options;
    private volatile @Nullable KubernetesClient management;
    private volatile @Nullable SharedIndexInformer<GenericKubernetesResource> tcpInformer;
    /** The management cluster's nodes, pods and DataStores, or null without a management cluster read. */
    private volatile @Nullable ManagementWatch managementWatch;
    private volatile @Nullable String managementRefusal;
    /** Why the management cluster could not be read at all (its tenants are unknown), or null. */
    private volatile @Nullable String managementUnread;
    private volatile ManagementView managementView = new ManagementView("", false, "", "", "", List.of());
    /** Filled while connecting; afterwards replaced whole (a late discovery), never changed in place. */
    private volatile Map<String, TenantLink> links = new java.util.LinkedHashMap<>();
    /** The management cluster's discovery retried in the background, or null when the first one read it. */
    private volatile @Nullable DiscoveryRetry rediscovery;
    /** The discovery that missed the deadline or did not list the tenants, followed once connect() is done. */
    private @Nullable CompletableFuture<ManagementDiscovery.Result> undiscovered;
    private final Map<String, TenantWatch> watches = new java.util.concurrent.ConcurrentHashMap<>();
    /** Why a tenant could not be connected at all (its client or first request failed), one sentence. */
    private final Map<String, String> connectFailures = new java.util.concurrent.ConcurrentHashMap<>();
    /** HAMi's settings per tenant (its Helm values cannot be read from the tenant), chart defaults otherwise. */
    private final Map<String, io.gpulab.scheduler.model.SchedulerConfig> hami =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final EventLog log = new EventLog();
    private final AtomicLong version = new AtomicLong();
    private final List<LabListener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService notifier = daemonPool(1, "gpulab-cluster-listeners");
    private final ExecutorService connector = daemonPool(PARALLEL_CONNECTS, "gpulab-cluster-connect");
    private final AtomicBoolean notifyPending = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean connectDeadlinePassed;
    private volatile boolean dataStoresServed;
    private long notifiedSeq;
    /** Test seam: runs while a snapshot is being built, to land a change in the middle of it. */
    volatile Runnable duringSnapshot = () -> { };

    private ClusterBackend(ClusterOptions options) {
        this.options = options;
        try {
            connect();
        } catch (RuntimeException | Error e) {
            close();   // a half-built backend must not leave clients or threads behind
            throw e;
        }
    }

    /**
     * Everything within one deadline ({@link ClusterOptions#syncTimeout()}): discovery, then every
     * tenant in parallel. A tenant that is not there by then is shown as such and keeps connecting.
     */
    private void connect() {
        long deadline = System.nanoTime() + options.syncTimeout().toNanos();
        if (options.management() != null) {
            KubernetesClient mgmt = client(options.management().load());
            management = mgmt;
            managementView = discover(mgmt, deadline);
            if (managementUnread == null) {
                tcpInformer = tcpInformer(mgmt);
            }
        }
        // a tenant given its own kubeconfig is reached with it, and keeps the TenantControlPlane the management
        // cluster reports under its name
        options.tenants().forEach((name, ref) -> links.put(name, TenantLink.fromKubeconfig(name, ref,
                links.containsKey(name) ? links.get(name).controlPlane() : null)));
        List<CompletableFuture<?>> connecting = new ArrayList<>();
        for (TenantLink link : links.values()) {
            if (link.config() != null) {
                connecting.add(connectAsync(link));
            }
        }
        for (CompletableFuture<?> f : connecting) {
            await(f, deadline);
        }
        for (TenantWatch w : watches.values()) {
            w.awaitSynced(Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
        }
        // the management cluster's nodes, pods and DataStores once the tenants are in: they come second
        KubernetesClient mgmt = management;
        if (mgmt != null && managementUnread == null) {
            synchronized (watches) {
                if (!closed.get()) {
                    managementWatch = new ManagementWatch(mgmt, dataStoresServed, this::changed);
                }
            }
            ManagementWatch mw = managementWatch;
            if (mw != null) {
                mw.awaitSynced(Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
            }
        }
        connectDeadlinePassed = true;
        CompletableFuture<ManagementDiscovery.Result> late = undiscovered;
        if (mgmt != null && late != null) {
            // followed only now: a late answer's tenants join a lab whose own tenants are all in
            rediscovery = new DiscoveryRetry(late, () -> new ManagementDiscovery(mgmt, "management").discover(),
                    this::discoveredLate, this::changed);
        }
    }

    private ManagementView discover(KubernetesClient mgmt, long deadline) {
        CompletableFuture<ManagementDiscovery.Result> found = CompletableFuture.supplyAsync(
                () -> new ManagementDiscovery(mgmt, "management").discover(), connector);
        if (!await(found, deadline)) {
            String why = found.isDone() ? "discovery failed: " + found.handle((r, t) -> t == null ? "?"
                    : ClientErrors.sentence(t)).join() : "no answer within " + options.syncTimeout().toSeconds() + " s";
            managementUnread = why;
            undiscovered = found;
            return new ManagementView("management", false, "", "", "", List.of("management cluster "
                    + mgmt.getConfiguration().getMasterUrl() + ": " + why + "; its tenants are unknown"));
        }
        ManagementDiscovery.Result r = found.join();
        managementUnread = r.unread();
        dataStoresServed = r.dataStoresServed();
        r.tenants().forEach(l -> links.put(l.name(), l));
        if (r.unread() != null) {
            undiscovered = found;
        }
        return r.management();
    }

    /**
     * A discovery that came after the connect deadline, or a retry that read what the first could not: its tenants
     * join the lab (a tenant already given by its own kubeconfig keeps it) and the management cluster is watched.
     */
    private void discoveredLate(ManagementDiscovery.Result r) {
        KubernetesClient mgmt = management;
        if (mgmt == null || closed.get()) {
            return;
        }
        List<TenantLink> added = new ArrayList<>();
        synchronized (this) {
            Map<String, TenantLink> next = new java.util.LinkedHashMap<>(links);
            for (TenantLink l : r.tenants()) {
                if (next.putIfAbsent(l.name(), l) == null) {
                    added.add(l);
                }
            }
            managementView = r.management();
            dataStoresServed = r.dataStoresServed();
            links = next;
            managementUnread = null;
        }
        synchronized (watches) {
            if (closed.get()) {
                return;
            }
            tcpInformer = tcpInformer(mgmt);
            managementWatch = new ManagementWatch(mgmt, dataStoresServed, this::changed);
        }
        for (TenantLink link : added) {
            if (link.config() != null) {
                connectAsync(link);
            }
        }
        changed();
    }

    private CompletableFuture<Void> connectAsync(TenantLink link) {
        return CompletableFuture.runAsync(() -> connectTenant(link), connector).whenComplete((v, t) -> {
            if (t != null) {
                connectFailures.put(link.name(), "cannot connect: " + ClientErrors.sentence(t));
                changed();
            }
        });
    }

    /** Waits for {@code f} until {@code deadline}; false when it did not complete normally by then. */
    private static boolean await(CompletableFuture<?> f, long deadline) {
        try {
            f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    private void connectTenant(TenantLink link) {
        KubernetesClient c = client(link.config());
        TenantWatch w;
        try {
            w = new TenantWatch(link.name(), c, this::changed, e -> log.add(link.name(), e));
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        synchronized (watches) {
            if (closed.get()) {
                w.close();   // connected after close(): nobody will close it later
                return;
            }
            watches.put(link.name(), w);
        }
        changed();
    }

    private SharedIndexInformer<GenericKubernetesResource> tcpInformer(KubernetesClient mgmt) {
        SharedIndexInformer<GenericKubernetesResource> inf = mgmt.genericKubernetesResources(
                KamajiResources.TENANT_CONTROL_PLANE).inAnyNamespace().runnableInformer(0);
        inf.exceptionHandler((started, t) -> {
            if (ClientErrors.refused(t)) {
                managementRefusal = "the management cluster refused to watch TenantControlPlanes: "
                        + ClientErrors.sentence(t) + "; not retried";
                changed();
                return false;
            }
            return !closed.get();
        });
        inf.addEventHandler(new io.fabric8.kubernetes.client.informers.ResourceEventHandler<>() {
            @Override
            public void onAdd(GenericKubernetesResource obj) {
                changed();
            }

            @Override
            public void onUpdate(GenericKubernetesResource o, GenericKubernetesResource n) {
                changed();
            }

            @Override
            public void onDelete(GenericKubernetesResource obj, boolean unknown) {
                changed();
            }
        });
        inf.start();
        return inf;
    }

    private static ExecutorService daemonPool(int threads, String name) {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(threads, threads,
                1, TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, name + "-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);   // idle after connecting: no thread kept for nothing
        return pool;
    }

    /**
     * A wrong address should answer in seconds, not after fabric8's ten retries with backoff.
     *
     * @throws ClusterException with one sentence when the client cannot be built (e.g. an unusable key)
     */
    private static KubernetesClient client(io.fabric8.kubernetes.client.Config cfg) {
        cfg.setRequestRetryBackoffLimit(FAST_RETRIES);
        cfg.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        cfg.setRequestTimeout(REQUEST_TIMEOUT_MILLIS);
        try {
            return new KubernetesClientBuilder().withConfig(cfg).build();
        } catch (RuntimeException e) {
            throw new ClusterException("cannot build a client for " + cfg.getMasterUrl() + ": "
                    + ClientErrors.sentence(e), e);
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
    public void assumeHami(String tenant, io.gpulab.scheduler.model.SchedulerConfig cfg) {
        hami.put(tenant, cfg);
        changed();
    }

    /**
     * The reason in words with the pod's request as HAMi reads it under the tenant's assumed settings (the snapshot's
     * default does not know it), the cards as observed and the pod's per-node reasons.
     */
    @Override
    public java.util.Optional<io.gpulab.engine.api.PlainReason> plainReason(String tenant, String podKey) {
        TenantWatch w = watch(tenant);
        var view = snapshot().tenant(tenant);
        if (w == null || view.isEmpty()) {
            return java.util.Optional.empty();
        }
        var pod = w.pods().stream().filter(p -> TenantAssembler.podKey(p).equals(podKey)).findFirst();
        var seen = view.get().pod(podKey);
        if (pod.isEmpty() || seen.isEmpty()) {
            return java.util.Optional.empty();
        }
        var ctx = io.gpulab.scheduler.filter.FilterContext.of(PendingExplainer.podInfo(pod.get()), hami(tenant));
        io.gpulab.engine.api.PodView p = seen.get();
        return io.gpulab.engine.api.PlainReasons.of(new io.gpulab.engine.api.PlainReasons.Pod(p.phase(), p.reason(),
                p.message(), p.failedNodes(), ctx.isOk() ? ctx.value().requests() : java.util.List.of(),
                p.annotations(), p.namespace(), ctx.isOk() ? ctx.value()::typeAllowed : null),
                io.gpulab.engine.api.PlainReasons.Lab.ofViews(view.get().nodes()));
    }

    /** The HAMi settings assumed for a tenant: those given with {@link #assumeHami}, else the chart's defaults. */
    public io.gpulab.scheduler.model.SchedulerConfig hami(String tenant) {
        return hami.getOrDefault(tenant, io.gpulab.scheduler.model.SchedulerConfig.DEFAULTS);
    }

    public ClusterOptions options() {
        return options;
    }

    @Override
    public String id() {
        return options.backendId();
    }

    @Override
    public synchronized LabSnapshot snapshot() {
        // the number is read before the content: a change landing during the build gets a later number,
        // so the view that holds this snapshot still takes the next one (and that change's events)
        long v = version.get();
        duringSnapshot.run();
        ManagementWatch mw = managementWatch;
        List<io.fabric8.kubernetes.api.model.Pod> mgmtPods = mw == null ? List.of() : mw.pods();
        List<String> malformed = new ArrayList<>();
        List<ControlPlaneView> planes = new ArrayList<>();
        List<TenantView> tenants = new ArrayList<>();
        for (TenantLink link : links.values()) {
            TenantWatch w = watches.get(link.name());
            List<String> problems = tenantProblems(link, w);
            ControlPlaneView cp = ObservedControlPlane.of(liveControlPlane(link, mgmtPods, malformed), w,
                    String.join("; ", problems), problems);
            planes.add(cp);
            if (w == null) {
                // the reason is in the tenant's warnings; the tunnel just cannot be observed
                tenants.add(new TenantView(link.name(), cp, new io.gpulab.engine.api.TunnelView(false, false,
                        "not observed: the tenant is not connected"), "Unknown", List.of(), List.of(), problems));
            } else {
                tenants.add(TenantAssembler.assemble(link.name(), cp, w.nodes(), w.pods(), w.events(),
                        options.nodeLockExpire(), w.webhookFailurePolicy()).withWarnings(problems)
                        .withQuotas(ClusterQuotas.views(w.quotas(), w.pods(), hami(link.name()))));
            }
        }
        List<String> warnings = new ArrayList<>(managementView.warnings());
        DiscoveryRetry retry = rediscovery;
        if (retry != null && managementUnread != null) {
            warnings.add("management cluster: " + retry.status(warnings));
        }
        String refusal = managementRefusal;
        if (refusal != null) {
            warnings.add(refusal);
        }
        links.values().forEach(l -> warnings.addAll(l.warnings()));
        List<ManagementView.NodeView> mgmtNodes = List.of();
        List<ManagementView.DataStoreView> stores = List.of();
        if (mw != null) {
            warnings.addAll(mw.problems());
            java.util.Set<String> kamajiPods = new java.util.HashSet<>(ManagementAssembler.tcpPods(planes));
            stores = ManagementAssembler.dataStores(mw.dataStores(), planes, mgmtPods, malformed, kamajiPods);
            mgmtNodes = ManagementAssembler.nodes(mw.nodes(), mgmtPods, kamajiPods);
        }
        warnings.addAll(malformed);
        ManagementView mv = new ManagementView(managementView.name(), managementView.kamajiReady(),
                managementView.datastore(), managementView.datastoreDriver(), managementView.metallbPool(), warnings,
                mgmtNodes, stores);
        return new LabSnapshot(v, id(), "observed", Instant.now(), mv, tenants, "unknown");
    }

    /** Why this tenant's view is incomplete: refused kubeconfig, failed connect, late or refused lists. */
    private List<String> tenantProblems(TenantLink link, @Nullable TenantWatch w) {
        List<String> out = new ArrayList<>(link.warnings());
        String failure = connectFailures.get(link.name());
        if (failure != null) {
            out.add(failure);
        }
        String limit = options.syncTimeout().toSeconds() + " s";
        if (w == null && failure == null && link.config() != null && connectDeadlinePassed) {
            out.add("no answer from its API server within " + limit + " (still connecting)");
        }
        if (w != null) {
            out.addAll(w.problems());
            if (!w.synced() && connectDeadlinePassed && w.problems().stream().noneMatch(p -> p.contains("not retried"))) {
                out.add("first list of nodes, pods and events not complete within " + limit + " (still trying)");
            }
        }
        return out;
    }

    private ControlPlaneView liveControlPlane(TenantLink link, List<io.fabric8.kubernetes.api.model.Pod> mgmtPods,
                                              List<String> malformed) {
        SharedIndexInformer<GenericKubernetesResource> inf = tcpInformer;
        if (inf == null) {
            return link.controlPlane();
        }
        return inf.getStore().list().stream()
                .filter(r -> r.getMetadata().getName().equals(link.controlPlane().name())
                        && String.valueOf(r.getMetadata().getNamespace()).equals(link.controlPlane().namespace()))
                .findFirst().map(r -> TcpStatus.view(r, mgmtPods, malformed)).orElse(link.controlPlane());
    }

    @Override
    public List<LabEvent> events() {
        return log.all();
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
     * could be connected. Empty when the cluster was read, also in part (a tenant that failed is then in its tenant's
     * warnings). Commands that need the cluster's content say this instead of answering on an empty lab ("no GPU
     * pods").
     */
    @Override
    public java.util.Optional<String> unreadable() {
        return java.util.Optional.ofNullable(whyUnreadable());
    }

    private @Nullable String whyUnreadable() {
        String unread = managementUnread;
        String refusal = managementRefusal;
        if (options.management() != null && (unread != null || refusal != null && links.isEmpty())) {
            String url = management == null ? "" : " " + management.getConfiguration().getMasterUrl();
            return "the management cluster" + url + " (" + options.management().describe() + ") could not be read: "
                    + (unread != null ? unread : refusal);
        }
        if (!links.isEmpty() && watches.isEmpty()) {
            List<String> why = new ArrayList<>();
            for (TenantLink l : links.values()) {
                List<String> p = tenantProblems(l, null);
                why.add(l.name() + ": " + (p.isEmpty() ? "not connected" : String.join("; ", p)));
            }
            return "no tenant could be read (" + String.join("; ", why) + ")";
        }
        return null;
    }

    /**
     * Refuses an answer that would leave out what could not be read.
     *
     * @param lost what an answer without an unread tenant would lack, e.g. "its pods would be missing"
     * @throws ClusterException naming the cluster or the first tenant that could not be read, and why
     */
    public void requireEveryTenant(String lost) {
        String all = whyUnreadable();
        if (all != null) {
            throw new ClusterException("cannot read the cluster: " + all);
        }
        for (TenantLink l : tenantLinks()) {
            String why = tenantUnreadable(l.name());
            if (why != null) {
                throw new ClusterException("cannot read the cluster: " + why + " (" + lost + ")");
            }
        }
    }

    /** Why {@code tenant} is not connected, in one line (its warnings), or null when it is. */
    public @Nullable String tenantUnreadable(String tenant) {
        if (watches.containsKey(tenant)) {
            return null;
        }
        String all = whyUnreadable();
        if (all != null) {
            return all;
        }
        TenantLink l = links.get(tenant);
        if (l == null) {
            return "no tenant '" + tenant + "' in the cluster (it has: " + String.join(", ", links.keySet()) + ")";
        }
        List<String> p = tenantProblems(l, null);
        return "tenant '" + tenant + "' could not be read: " + (p.isEmpty() ? "not connected" : String.join("; ", p));
    }

    /** The tenant's watch (for writes and why-pending), or {@code null} when it is not connected. */
    @Nullable TenantWatch watch(String tenant) {
        return watches.get(tenant);
    }

    /** Tenants and where their credentials came from (never the credentials). */
    public synchronized List<TenantLink> tenantLinks() {
        return List.copyOf(links.values());
    }

    @Override
    public AutoCloseable subscribe(LabListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    void changed() {
        version.incrementAndGet();
        if (closed.get() || listeners.isEmpty() || !notifyPending.compareAndSet(false, true)) {
            return;
        }
        try {
            notifier.execute(() -> {
                notifyPending.set(false);
                List<LabEvent> fresh = log.since(notifiedSeq);
                if (!fresh.isEmpty()) {
                    notifiedSeq = fresh.get(fresh.size() - 1).seq();
                }
                LabSnapshot s = snapshot();
                listeners.forEach(l -> l.changed(s, fresh));
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            notifyPending.set(false);   // closing
        }
    }

    /** Closes every informer and client and stops every thread this backend started. */
    @Override
    public void close() {
        List<TenantWatch> open;
        synchronized (watches) {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            open = new ArrayList<>(watches.values());
        }
        DiscoveryRetry retry = rediscovery;
        if (retry != null) {
            retry.close();
        }
        connector.shutdownNow();
        notifier.shutdownNow();
        open.forEach(TenantWatch::close);
        ManagementWatch mw = managementWatch;
        if (mw != null) {
            mw.close();
        }
        SharedIndexInformer<GenericKubernetesResource> inf = tcpInformer;
        if (inf != null) {
            inf.close();
        }
        KubernetesClient mgmt = management;
        if (mgmt != null) {
            mgmt.close();
        }
    }

    @Override
    public String toString() {
        return "ClusterBackend[" + options + "]";
    }
}
