package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.gpulab.engine.api.ManagementView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The cluster backend's connections: the management cluster's discovery and watches, and one watch per tenant,
 * each with why it is missing when it could not be made. Kept apart from {@link ClusterBackend} because connecting
 * goes on in the background (late tenants, a retried discovery) while snapshots read what is connected so far.
 * Locking: the swap of a late discovery holds this object's monitor, as does a snapshot being built (so it never sees
 * half of the swap); every change of the set of watches holds {@link #watches}, as does {@link #close()}.
 */
final class ClusterConnection {

    private static final int PARALLEL_CONNECTS = 8;

    private final ClusterOptions options;
    private final Runnable changed;
    private volatile @Nullable KubernetesClient management;
    private volatile @Nullable SharedIndexInformer<GenericKubernetesResource> tcpInformer;
    /** The management cluster's nodes, pods and DataStores, or null without a management cluster read. */
    private volatile @Nullable ManagementWatch managementWatch;
    private volatile @Nullable String managementRefusal;
    /** Why the management cluster could not be read at all (its tenants are unknown), or null. */
    private volatile @Nullable String managementUnread;
    private volatile ManagementView managementView = new ManagementView("", false, "", "", "", List.of());
    /** Filled while connecting; afterwards replaced whole (a late discovery), never changed in place. */
    private volatile Map<String, TenantLink> links = new LinkedHashMap<>();
    /** The management cluster's discovery retried in the background, or null when the first one read it. */
    private volatile @Nullable DiscoveryRetry rediscovery;
    /** The discovery that missed the deadline or did not list the tenants, followed once connect() is done. */
    private @Nullable CompletableFuture<ManagementDiscovery.Result> undiscovered;
    private final Map<String, TenantWatch> watches = new ConcurrentHashMap<>();
    /** Why a tenant could not be connected at all (its client or first request failed), one sentence. */
    private final Map<String, String> connectFailures = new ConcurrentHashMap<>();
    private final EventLog log = new EventLog();
    private final ExecutorService connector = ClusterClients.daemonPool(PARALLEL_CONNECTS, "gpulab-cluster-connect");
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean connectDeadlinePassed;
    private volatile boolean dataStoresServed;

    /** Connects nothing yet: {@link #connect()} does, once the owner can take {@code changed} calls. */
    ClusterConnection(ClusterOptions options, Runnable changed) {
        this.options = options;
        this.changed = changed;
    }

    /**
     * Everything within one deadline ({@link ClusterOptions#syncTimeout()}): discovery, then every
     * tenant in parallel. A tenant that is not there by then is shown as such and keeps connecting.
     */
    void connect() {
        long deadline = System.nanoTime() + options.syncTimeout().toNanos();
        if (options.management() != null) {
            KubernetesClient mgmt = ClusterClients.client(options.management().load());
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
                    managementWatch = new ManagementWatch(mgmt, dataStoresServed, changed);
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
                    this::discoveredLate, changed);
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
            Map<String, TenantLink> next = new LinkedHashMap<>(links);
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
            managementWatch = new ManagementWatch(mgmt, dataStoresServed, changed);
        }
        for (TenantLink link : added) {
            if (link.config() != null) {
                connectAsync(link);
            }
        }
        changed.run();
    }

    private CompletableFuture<Void> connectAsync(TenantLink link) {
        return CompletableFuture.runAsync(() -> connectTenant(link), connector).whenComplete((v, t) -> {
            if (t != null) {
                connectFailures.put(link.name(), "cannot connect: " + ClientErrors.sentence(t));
                changed.run();
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
        KubernetesClient c = ClusterClients.client(link.config());
        TenantWatch w;
        try {
            w = new TenantWatch(link.name(), c, changed, e -> log.add(link.name(), e));
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
        changed.run();
    }

    private SharedIndexInformer<GenericKubernetesResource> tcpInformer(KubernetesClient mgmt) {
        SharedIndexInformer<GenericKubernetesResource> inf = mgmt.genericKubernetesResources(
                KamajiResources.TENANT_CONTROL_PLANE).inAnyNamespace().runnableInformer(0);
        inf.exceptionHandler((started, t) -> {
            if (ClientErrors.refused(t)) {
                managementRefusal = "the management cluster refused to watch TenantControlPlanes: "
                        + ClientErrors.sentence(t) + "; not retried";
                changed.run();
                return false;
            }
            return !closed.get();
        });
        inf.addEventHandler(InformerHandlers.anyChange(changed));
        inf.start();
        return inf;
    }

    @Nullable KubernetesClient management() {
        return management;
    }

    @Nullable SharedIndexInformer<GenericKubernetesResource> tcpInformer() {
        return tcpInformer;
    }

    @Nullable ManagementWatch managementWatch() {
        return managementWatch;
    }

    @Nullable String managementRefusal() {
        return managementRefusal;
    }

    @Nullable String managementUnread() {
        return managementUnread;
    }

    ManagementView managementView() {
        return managementView;
    }

    /** The tenants known so far, by name (the map is replaced whole, never changed, once connecting is done). */
    Map<String, TenantLink> links() {
        return links;
    }

    @Nullable DiscoveryRetry rediscovery() {
        return rediscovery;
    }

    @Nullable TenantWatch watch(String tenant) {
        return watches.get(tenant);
    }

    @Nullable String connectFailure(String tenant) {
        return connectFailures.get(tenant);
    }

    boolean connectDeadlinePassed() {
        return connectDeadlinePassed;
    }

    EventLog log() {
        return log;
    }

    boolean closed() {
        return closed.get();
    }

    /** Closes every informer and client and stops the connecting threads; false when it was closed already. */
    boolean close() {
        List<TenantWatch> open;
        synchronized (watches) {
            if (!closed.compareAndSet(false, true)) {
                return false;
            }
            open = new ArrayList<>(watches.values());
        }
        DiscoveryRetry retry = rediscovery;
        if (retry != null) {
            retry.close();
        }
        connector.shutdownNow();
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
        return true;
    }
}
