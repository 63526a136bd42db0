package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One tenant's informers on nodes, pods and events, each re-listing after a reconnect
 * ({@link RelistingInformer}) and retrying forever after dropped connections and failed lists.
 */
public final class TenantWatch implements AutoCloseable {

    private static final long SUPERVISE_MILLIS = 250;
    /** Cache-versus-server comparison every 10 s: one list call per resource, cheap next to a watch. */
    private static final int RECONCILE_EVERY = 40;

    private final String tenant;
    private final KubernetesClient client;
    private final RelistingInformer<Node> nodes;
    private final RelistingInformer<Pod> pods;
    private final RelistingInformer<Event> events;
    private final ScheduledExecutorService supervisor;
    private final TenantApiProbe api;
    private final String webhookFailurePolicy;
    private volatile List<io.fabric8.kubernetes.api.model.ResourceQuota> quotas = List.of();
    private int quotaTicks;
    private boolean quotasRefused;
    /** The API server's refusal of the quota list (401/403), said in {@link #problems()}: limits unknown. */
    private volatile @org.jspecify.annotations.Nullable String quotaRefusal;
    private volatile boolean quotasListed;

    /**
     * Starts the informers; {@code onChange} is called (on a fabric8 thread) after every add, update,
     * delete or re-list, and {@code onEvent} for every Kubernetes Event added or updated.
     */
    public TenantWatch(String tenant, KubernetesClient client, Runnable onChange, Consumer<Event> onEvent) {
        this.tenant = tenant;
        this.client = client;
        this.webhookFailurePolicy = readFailurePolicy(client);
        this.nodes = new RelistingInformer<>("nodes", () -> client.nodes().runnableInformer(0),
                InformerHandlers.anyChange(onChange), onChange,
                () -> client.nodes().list().getItems(), RECONCILE_EVERY);
        this.pods = new RelistingInformer<>("pods", () -> client.pods().inAnyNamespace().runnableInformer(0),
                InformerHandlers.anyChange(onChange), onChange,
                () -> client.pods().inAnyNamespace().list().getItems(), RECONCILE_EVERY);
        this.events = new RelistingInformer<>("events", () -> client.v1().events().inAnyNamespace().runnableInformer(0),
                InformerHandlers.each(e -> {
                    onEvent.accept(e);
                    onChange.run();
                }), onChange, () -> client.v1().events().inAnyNamespace().list().getItems(), RECONCILE_EVERY);
        this.api = new TenantApiProbe(tenant, client, onChange, this::gaveUp);
        this.supervisor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gpulab-watch-" + tenant);
            t.setDaemon(true);
            return t;
        });
        // each step guarded: a scheduled task that throws once is never run again, and the tenant's view would stop
        // following the cluster without a word (a dropped watch never re-listed)
        supervisor.scheduleWithFixedDelay(() -> supervise(quotaTicks++ % RECONCILE_EVERY == 0),
                SUPERVISE_MILLIS, SUPERVISE_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** One supervision round (on the supervisor's thread): re-list after drops, and the quotas when due. */
    private void supervise(boolean quotasDue) {
        guarded("nodes", nodes::supervise);
        guarded("pods", pods::supervise);
        guarded("events", events::supervise);
        if (quotasDue) {
            guarded("quotas", () -> pollQuotas(client));
        }
    }

    /**
     * Runs one full supervision round, quotas included, on the supervisor's thread and waits for it: a round
     * already running finishes first. Lets a test show "not asked again" by the code's own rounds, not by a sleep.
     */
    void superviseNow() throws InterruptedException, ExecutionException, TimeoutException {
        supervisor.submit(() -> supervise(true)).get(1, TimeUnit.MINUTES);
    }

    /**
     * Whether every informer was refused (401/403) and has stopped: the state in which nothing asks again (the API
     * probe's next round sees it and stops).
     */
    boolean gaveUp() {
        return nodes.gaveUp() && pods.gaveUp() && events.gaveUp();
    }

    private void guarded(String what, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(TenantWatch.class).warn("tenant " + tenant + ": watching " + what
                    + " failed once, retried on the next round", e);
        }
    }

    /**
     * HAMi's webhook failurePolicy as the tenant's MutatingWebhookConfiguration states it (read once at
     * connect): {@code Ignore}, {@code Fail}, or {@code Unknown} when no {@code vgpu.hami.io} webhook is visible.
     */
    public String webhookFailurePolicy() {
        return webhookFailurePolicy;
    }

    private static String readFailurePolicy(KubernetesClient client) {
        try {
            return client.admissionRegistration().v1().mutatingWebhookConfigurations().list().getItems().stream()
                    .flatMap(c -> c.getWebhooks() == null ? java.util.stream.Stream.empty() : c.getWebhooks().stream())
                    .filter(w -> "vgpu.hami.io".equals(w.getName())).map(w -> w.getFailurePolicy() == null
                            ? "Fail" : w.getFailurePolicy()).findFirst().orElse("Unknown");
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            return "Unknown";   // no RBAC for webhook configurations, or unreachable: say so, do not guess
        }
    }

    public String tenant() {
        return tenant;
    }

    /** What the tenant's API server answered gpulab's own requests, as observed. */
    TenantApiProbe api() {
        return api;
    }

    /**
     * The tenant's ResourceQuotas, listed every 10 s (HAMi enforces their GPU keys); empty until the first list,
     * and the last good list while the API server refuses or is unreachable (quotas are optional to a lab).
     */
    public List<io.fabric8.kubernetes.api.model.ResourceQuota> quotas() {
        return quotas;
    }

    private void pollQuotas(KubernetesClient c) {
        if (quotasRefused || nodes.refusal() != null || pods.refusal() != null || events.refusal() != null) {
            return;   // refused credentials are never retried (see problems())
        }
        try {
            quotas = List.copyOf(c.resourceQuotas().inAnyNamespace().list().getItems());
            quotasListed = true;
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            // unreachable: keep the last list (the informers report connectivity); no RBAC for quotas: stop asking
            quotasRefused = e.getCode() == 401 || e.getCode() == 403;
            if (quotasRefused) {
                quotaRefusal = ClientErrors.sentence(e);
            }
        }
    }

    /** Whether the ResourceQuotas were listed once: until then {@link #quotas()} being empty says nothing. */
    boolean quotasListed() {
        return quotasListed;
    }

    /** The client for writes; the caller decides whether writes are allowed. */
    public KubernetesClient client() {
        return client;
    }

    /** Waits until every informer has listed once; false on timeout (the snapshot may be partial). */
    public boolean awaitSynced(long millis) {
        try {
            CompletableFuture.allOf(nodes.started(), pods.started(), events.started())
                    .get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /**
     * Whether nodes and pods have listed once: the tenant's lab can be read. Events are not needed for that (a view
     * without them says so in {@link #problems()}).
     */
    boolean listed() {
        return java.util.stream.Stream.of(nodes, pods).allMatch(i -> i.started().isDone()
                && !i.started().isCompletedExceptionally());
    }

    /**
     * Whether the pods held are the server's: listed once and not refused since. What is inferred from the pods (the
     * Konnectivity agents running) is unknown otherwise, never "none".
     */
    boolean podsRead() {
        return pods.started().isDone() && !pods.started().isCompletedExceptionally() && pods.refusal() == null;
    }

    /** Whether every informer has listed once (its first sync is complete). */
    public boolean synced() {
        return java.util.stream.Stream.of(nodes, pods, events).allMatch(i -> i.started().isDone()
                && !i.started().isCompletedExceptionally());
    }

    /**
     * Why this tenant's view is incomplete now, one sentence each: refused credentials or permissions
     * (never retried), or the last connection failure while a watch is down (retried).
     */
    public List<String> problems() {
        String server = InformerProblems.server(client);
        List<String> out = new ArrayList<>(InformerProblems.of(server, List.of(nodes, pods, events)));
        String q = quotaRefusal;
        // said on its own only: where the lists themselves were refused, that sentence says it all
        if (q != null && nodes.refusal() == null && pods.refusal() == null && events.refusal() == null) {
            out.add("the API server " + server + " refused to list resourcequotas: " + q + "; the tenant's GPU quota "
                    + "limits are unknown (not asked again until the next connect)");
        }
        return List.copyOf(out);
    }

    /** Whether every informer currently has an open watch (false while reconnecting). */
    public boolean watching() {
        return nodes.watching() && pods.watching() && events.watching();
    }

    public List<Node> nodes() {
        return sorted(nodes.list());
    }

    public List<Pod> pods() {
        return sorted(pods.list());
    }

    public List<Event> events() {
        return new ArrayList<>(events.list());
    }

    private static <T extends HasMetadata> List<T> sorted(List<T> items) {
        List<T> copy = new ArrayList<>(items);
        copy.sort(Comparator.comparing((T o) -> String.valueOf(o.getMetadata().getNamespace()))
                .thenComparing(o -> o.getMetadata().getName()));
        return copy;
    }

    @Override
    public void close() {
        api.close();
        supervisor.shutdownNow();
        nodes.close();
        pods.close();
        events.close();
        client.close();
    }
}
