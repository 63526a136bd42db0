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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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

    private final ClusterOptions options;
    private final @Nullable KubernetesClient management;
    private final @Nullable SharedIndexInformer<GenericKubernetesResource> tcpInformer;
    private final ManagementView managementView;
    private final Map<String, TenantLink> links = new java.util.LinkedHashMap<>();
    private final Map<String, TenantWatch> watches = new java.util.LinkedHashMap<>();
    private final EventLog log = new EventLog();
    private final AtomicLong version = new AtomicLong();
    private final List<LabListener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService notifier = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "gpulab-cluster-listeners");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean notifyPending = new AtomicBoolean();
    private int notifiedEvents;

    private ClusterBackend(ClusterOptions options) {
        this.options = options;
        List<String> warnings = new ArrayList<>();
        if (options.management() != null) {
            management = client(options.management().load());
            ManagementDiscovery.Result found = new ManagementDiscovery(management, "management").discover();
            ManagementView mv = found.management();
            warnings.addAll(mv.warnings());
            found.tenants().forEach(l -> links.put(l.name(), l));
            managementView = mv;
            tcpInformer = management.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inAnyNamespace()
                    .runnableInformer(0);
            tcpInformer.exceptionHandler((started, t) -> true);
            tcpInformer.addEventHandler(new io.fabric8.kubernetes.client.informers.ResourceEventHandler<>() {
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
            tcpInformer.start();
        } else {
            management = null;
            tcpInformer = null;
            managementView = new ManagementView("", false, "", "", "", List.of());
        }
        options.tenants().forEach((name, ref) -> links.put(name, TenantLink.fromKubeconfig(name, ref)));
        for (TenantLink link : links.values()) {
            if (link.config() != null) {
                KubernetesClient c = client(link.config());
                watches.put(link.name(), new TenantWatch(link.name(), c, this::changed,
                        e -> log.add(link.name(), e)));
            }
        }
        watches.values().forEach(w -> w.awaitSynced(options.syncTimeout().toMillis()));
    }

    /** A wrong address should answer in seconds, not after fabric8's ten retries with backoff. */
    private static KubernetesClient client(io.fabric8.kubernetes.client.Config cfg) {
        cfg.setRequestRetryBackoffLimit(FAST_RETRIES);
        cfg.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        return new KubernetesClientBuilder().withConfig(cfg).build();
    }

    /**
     * Connects: discovers the tenants of the management cluster (if any), adds the tenants given by
     * their own kubeconfigs, starts the informers and waits for their first list.
     *
     * @throws ClusterException when the management kubeconfig cannot be read
     */
    public static ClusterBackend connect(ClusterOptions options) {
        return new ClusterBackend(options);
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
        List<TenantView> tenants = new ArrayList<>();
        for (TenantLink link : links.values()) {
            ControlPlaneView cp = liveControlPlane(link);
            TenantWatch w = watches.get(link.name());
            if (w == null) {
                tenants.add(new TenantView(link.name(), cp, new io.gpulab.engine.api.TunnelView(false, false,
                        String.join("; ", link.warnings())), "Unknown", List.of(), List.of()));
            } else {
                tenants.add(TenantAssembler.assemble(link.name(), cp, w.nodes(), w.pods(), w.events(),
                        options.nodeLockExpire(), w.webhookFailurePolicy()));
            }
        }
        List<String> warnings = new ArrayList<>(managementView.warnings());
        links.values().forEach(l -> warnings.addAll(l.warnings()));
        ManagementView mv = new ManagementView(managementView.name(), managementView.kamajiReady(),
                managementView.datastore(), managementView.datastoreDriver(), managementView.metallbPool(), warnings);
        return new LabSnapshot(version.get(), id(), "observed", Instant.now(), mv, tenants, "unknown");
    }

    private ControlPlaneView liveControlPlane(TenantLink link) {
        if (tcpInformer == null) {
            return link.controlPlane();
        }
        return tcpInformer.getStore().list().stream()
                .filter(r -> r.getMetadata().getName().equals(link.controlPlane().name())
                        && String.valueOf(r.getMetadata().getNamespace()).equals(link.controlPlane().namespace()))
                .findFirst().map(TcpStatus::view).orElse(link.controlPlane());
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
        if (listeners.isEmpty() || !notifyPending.compareAndSet(false, true)) {
            return;
        }
        notifier.execute(() -> {
            notifyPending.set(false);
            List<LabEvent> fresh = log.since(notifiedEvents);
            notifiedEvents += fresh.size();
            LabSnapshot s = snapshot();
            listeners.forEach(l -> l.changed(s, fresh));
        });
    }

    @Override
    public void close() {
        notifier.shutdownNow();
        watches.values().forEach(TenantWatch::close);
        if (tcpInformer != null) {
            tcpInformer.close();
        }
        if (management != null) {
            management.close();
        }
    }

    @Override
    public String toString() {
        return "ClusterBackend[" + options + "]";
    }
}
