package io.gpulab.engine.sim;

import io.gpulab.engine.api.CompactMap;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.usage.DeviceShare;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One pod as its tenant's API server stores it, plus the sim's bookkeeping (reservation, trace).
 * Mutable, touched only on the command thread; {@link #view} caches the immutable view until changed.
 */
final class SimPod {

    static final String PENDING = "Pending";
    static final String RUNNING = "Running";
    static final String FAILED = "Failed";
    static final String REJECTED = "Rejected";

    final String tenant;
    final long seq;
    final Instant created;
    final PodInfo submitted;
    /** The pod after admission (webhook mutation, or unchanged when the webhook was skipped). */
    PodInfo admitted;
    String schedulerName;
    /** {@code spec.nodeName} as created: such a pod is never scheduled, its node's kubelet runs it. */
    @Nullable String nodeName;
    String phase = PENDING;
    String node = "";
    String reason = "";
    String message = "";
    /** Per-node reasons of the last failed filter, kept on small tenants only (see {@link PendingDetail}). */
    Map<String, String> failedNodes = Map.of();
    /** HAMi's last filter of the pod explained, and when, while the lab explains it ({@link Decisions}). */
    io.gpulab.scheduler.filter.@Nullable FilterWhy why;
    @Nullable Instant whyAt;
    /** Whether the last attempt found no node (its per-node reasons can be recomputed). */
    boolean unschedulable;
    PodDevices devices = PodDevices.empty();
    /** Insertion-ordered like the API server's; compact, since a run keeps every pod's. */
    final Map<String, String> annotations = new CompactMap<>();
    final List<String> warnings = new ArrayList<>();
    /**
     * The pod's Ready condition while it runs: set by the kubelet when it starts the pod, by the node lifecycle
     * controller when it marks the pod not ready, from the scenario for a pod listed as running; shown only while the
     * pod is Running (a pending pod has none).
     */
    io.gpulab.engine.api.@Nullable StatusCondition ready;
    /** The steps after {@code create} (see {@link #steps}); most pods reach 3 or 7. */
    final List<PodTrace.Step> trace = new ArrayList<>(4);
    /** The create step's API server and datastore prefix (shared by the tenant's pods), or null before a create. */
    private @Nullable String apiServer;
    private @Nullable String datastorePrefix;
    /** Extended resources the kube scheduler counts (limits, falling back to requests), summed over containers. */
    final Map<String, Long> kubeRequests;
    /** CPU and memory the kube scheduler counts (requests, else limits). */
    final HostRequests host;
    /** The node whose card usage includes this pod's HAMi reservation, or null. */
    @Nullable SimNode reservedOn;
    /** What this pod books on {@link #reservedOn}'s cards (collapsed like HAMi's cache). */
    List<DeviceShare> reservation = List.of();
    /** The node whose kube-accounted requests include this pod, or null. */
    @Nullable SimNode boundTo;
    /** What the last failed scheduling attempt said, so an unchanged retry adds no duplicate events. */
    String lastFailure = "";
    /** The group of pods that would fail as this one last did, while it is set aside in the queue. */
    PendingQueue.@Nullable Group parked;
    /** Node and cards of the last successful filter, to recognise a repeated lock wait. */
    String lastFilter = "";
    /**
     * What the pod's last scheduling attempt did: {@link #BOUND} (kube's Scheduled event), {@link #FAILED_SCHEDULING}
     * (its FailedScheduling event, first time or not) or {@link #NOT_DECIDED} (no scheduler decided: none by that
     * name, a denied update, {@code spec.nodeName}). Kept with or without texts, so a replay reads its outcome here.
     */
    int attempt = NOT_DECIDED;
    static final int NOT_DECIDED = 0;
    static final int BOUND = 1;
    static final int FAILED_SCHEDULING = -1;
    private @Nullable PodView view;
    private @Nullable String objectName;
    /** {@code namespace/name}, made once (a bind and each lookup ask for it). */
    private @Nullable String key;
    private @Nullable FilterContext context;
    private boolean contextResolved;

    /** The lab's shared texts: a run keeps every pod's trace, and most of its texts repeat from pod to pod. */
    private final EventLog texts;

    SimPod(EventLog texts, String tenant, long seq, Instant created, PodInfo submitted, String schedulerName,
           Map<String, Long> kubeRequests) {
        this.texts = texts;
        this.tenant = tenant;
        this.seq = seq;
        this.created = created;
        this.submitted = submitted;
        this.admitted = submitted;
        this.schedulerName = schedulerName;
        this.kubeRequests = Map.copyOf(kubeRequests);
        this.host = HostRequests.of(submitted);
        this.annotations.putAll(new TreeMap<>(submitted.annotations()));
    }

    String key() {
        String k = key;
        if (k == null) {
            k = submitted.key();
            key = k;
        }
        return k;
    }

    /** {@code Pod/<ns>/<name>}, the object its events name (one string per pod, however many events). */
    String objectName() {
        String o = objectName;
        if (o == null) {
            o = "Pod/" + key();
            objectName = o;
        }
        return o;
    }

    String namespace() {
        return submitted.namespace();
    }

    String name() {
        return submitted.name();
    }

    int containerCount() {
        return admitted.initContainers().size() + admitted.containers().size();
    }

    boolean hamiAllocated() {
        return annotations.containsKey(io.gpulab.scheduler.codec.HamiAnnotations.DEVICES_ALLOCATED);
    }

    void step(String stage, PodTrace.Outcome outcome, String summary, Map<String, String> evidence) {
        if (!texts.texts()) {
            return;
        }
        trace.add(new PodTrace.Step(stage, outcome, texts.share(summary), shared(evidence)));
        changed();
    }

    /**
     * The evidence as the trace keeps it: a compact map whose texts are the instances other pods' steps already
     * hold when equal ("Running on w-00012", a node's devices string, a bind time), not one copy per pod.
     */
    private Map<String, String> shared(Map<String, String> evidence) {
        if (evidence.size() > CompactMap.SMALL) {
            return evidence;
        }
        // long values are event messages the log already holds (the trace quotes the logged instance): not hashed again
        return CompactMap.copyOf(evidence, text -> text.length() > 256 ? text : texts.share(text));
    }

    /**
     * The API server stored the pod: the {@code create} step, made when the trace is read, since its texts differ
     * from pod to pod only by the pod's key (a run keeps every pod; the step cost ~300 bytes each).
     */
    void created(String apiServer, String datastorePrefix) {
        this.apiServer = apiServer;
        this.datastorePrefix = datastorePrefix;
        changed();
    }

    /** The pod's trace: its create step, if it was created through the API server, then every later step. */
    List<PodTrace.Step> steps() {
        List<PodTrace.Step> out = new ArrayList<>(trace.size() + 1);
        if (apiServer != null && datastorePrefix != null) {
            CompactMap<String, String> ev = new CompactMap<>(2);
            ev.put("apiServer", apiServer);
            ev.put("datastore key", datastorePrefix + key());
            ev.freeze(); // PodTrace.Step keeps a frozen map as it is, instead of copying it
            out.add(new PodTrace.Step("create", PodTrace.Outcome.OK, tenant + " API server received " + key(), ev));
        }
        out.addAll(trace);
        return out;
    }

    /** Replaces the last step when it is the same stage with the same outcome and summary (a retry). */
    void stepOnce(String stage, PodTrace.Outcome outcome, String summary, Map<String, String> evidence) {
        if (!trace.isEmpty()) {
            PodTrace.Step last = trace.get(trace.size() - 1);
            if (last.stage().equals(stage) && last.outcome() == outcome && last.summary().equals(summary)) {
                return;
            }
        }
        step(stage, outcome, summary, evidence);
    }

    /** HAMi's per-pod filter context, resolved once; null when the pod's annotations make it invalid. */
    @Nullable FilterContext filterContext(SchedulerConfig cfg) {
        if (!contextResolved) {
            Decoded<FilterContext> d = FilterContext.of(admitted, cfg);
            context = d.isOk() ? d.value() : null;
            contextResolved = true;
        }
        return context;
    }

    void changed() {
        view = null;
    }

    PodView view() {
        PodView v = view;
        if (v == null) {
            v = view(failedNodes);
            view = v;
        }
        return v;
    }

    /** A fresh view with these per-node reasons (recomputed ones; not cached). */
    PodView view(Map<String, String> failed) {
        List<PodView.DeviceAllocation> allocs = new ArrayList<>();
        List<String> names = containerNames();
        for (int i = 0; i < devices.containers().size(); i++) {
            String c = i < names.size() ? names.get(i) : "";
            devices.containers().get(i).forEach(d -> allocs.add(
                    new PodView.DeviceAllocation(d.uuid(), c, d.usedMem(), d.usedCores())));
        }
        return new PodView(namespace(), name(), phase, node, schedulerName, reason, message, failed, allocs,
                annotations, hamiAllocated(), warnings, kubeRequests.getOrDefault("nvidia.com/gpu", 0L),
                RUNNING.equals(phase) ? ready : null);
    }

    private List<String> containerNames() {
        List<String> out = new ArrayList<>();
        admitted.initContainers().forEach(c -> out.add(c.name()));
        admitted.containers().forEach(c -> out.add(c.name()));
        return out;
    }
}
