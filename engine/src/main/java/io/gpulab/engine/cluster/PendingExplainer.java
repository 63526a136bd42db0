package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterResult;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.filter.NodeFit;
import io.gpulab.scheduler.filter.NodeFitter;
import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs scheduler/'s HAMi filter on what a real tenant shows: the pending pod's requests against the
 * observed cards with the usage of every other allocated pod. Each card is also fitted alone, which
 * gives a reason per card where HAMi's own event aggregates them per node.
 */
public final class PendingExplainer {

    private PendingExplainer() {
    }

    /**
     * @param cfg HAMi's settings to assume (the cluster's Helm values are not readable from the tenant)
     * @throws ClusterException when the tenant is not connected or the pod does not exist
     */
    public static PendingExplanation explain(ClusterBackend backend, String tenant, String podKey,
                                             SchedulerConfig cfg) {
        TenantWatch w = backend.watch(tenant);
        String unread = backend.tenantUnreadable(tenant);
        if (w == null || unread != null) {
            // a tenant whose lists were refused holds no pods: "not found" would blame the pod
            throw new ClusterException("cannot read the cluster: " + unread);
        }
        Pod pod = w.pods().stream().filter(p -> TenantAssembler.podKey(p).equals(podKey)).findFirst()
                .orElseThrow(() -> new ClusterException("pod " + podKey + " not found in tenant " + tenant));
        String phase = pod.getStatus() == null ? "Pending" : String.valueOf(pod.getStatus().getPhase());
        List<LabEvent> events = backend.events().stream()
                .filter(e -> e.tenant().equals(tenant) && e.object().equals("Pod/" + podKey)).toList();
        List<Node> nodes = w.nodes();
        Map<String, List<DeviceUsage>> usage = TenantAssembler.usage(nodes, w.pods(), podKey, new HashMap<>());
        List<NodeInfo> nodeInfos = new ArrayList<>();
        List<String> nodeNotes = new ArrayList<>();
        for (Node n : nodes) {
            String name = n.getMetadata().getName();
            if (!NodeDecoder.registered(n).isOk()) {
                nodeNotes.add("node " + name + ": " + NodeDecoder.registered(n).error() + " (treated as unregistered)");
            }
            nodeInfos.add(new NodeInfo(name, NodeDecoder.annotations(n), usage.get(name)));
        }
        List<io.fabric8.kubernetes.api.model.ResourceQuota> quotas;
        try {
            quotas = w.client().resourceQuotas().inAnyNamespace().list().getItems();
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            quotas = w.quotas();
            // never listed: no quota known is not "no quota"
            nodeNotes.add("ResourceQuotas could not be listed (" + ClientErrors.sentence(e) + "); " + (w.quotasListed()
                    ? "the last known ones are used" : "none was ever listed, so whether a quota holds this pod back "
                    + "is unknown"));
        }
        PendingExplanation x = explain(tenant, podKey, phase, podInfo(pod), nodeInfos, events, nodeNotes, cfg,
                ClusterQuotas.state(quotas, w.pods(), podKey, cfg));
        if (x.verdict().startsWith("would fit on ")) {
            String chosen = x.verdict().substring("would fit on ".length()).split(" ", 2)[0];
            List<String> notes = new ArrayList<>(x.notes());
            lockNote(nodes, chosen, podKey, backend.options().nodeLockExpire()).ifPresent(notes::add);
            x = x.withNotes(notes);
        }
        var view = backend.snapshot().tenant(tenant);
        return view.isPresent() ? ControlPlaneNotes.appended(x, view.get().controlPlane()) : x;
    }

    /**
     * The explanation from HAMi's inputs alone, wherever they come from (a live tenant, or a lab rebuilt from a
     * snapshot offline): the pod as HAMi reads it and every node's registered cards with the usage of every other
     * allocated pod. Each card is also fitted alone, which gives a reason per card where HAMi aggregates per node.
     */
    public static PendingExplanation explain(String tenant, String podKey, String phase, PodInfo info,
                                             List<NodeInfo> nodeInfos, List<LabEvent> events,
                                             List<String> nodeNotes, SchedulerConfig cfg) {
        return explain(tenant, podKey, phase, info, nodeInfos, events, nodeNotes, cfg, null);
    }

    /** As above, with the namespaces' GPU quotas as HAMi sees them ({@code quota} null: none). */
    public static PendingExplanation explain(String tenant, String podKey, String phase, PodInfo info,
                                             List<NodeInfo> nodeInfos, List<LabEvent> events,
                                             List<String> nodeNotes, SchedulerConfig cfg,
                                             io.gpulab.scheduler.filter.@org.jspecify.annotations.Nullable QuotaState
                                                     quota) {
        List<String> notes = new ArrayList<>();
        notes.add("HAMi settings assumed: deviceSplitCount " + cfg.deviceSplitCount() + ", defaultMem "
                + cfg.defaultMem() + ", nodeSchedulerPolicy " + cfg.nodeSchedulerPolicy());
        if (!"Pending".equals(phase)) {
            notes.add("the pod is " + phase + ", not Pending");
        }
        Decoded<FilterContext> ctx = FilterContext.of(info, cfg);
        if (!ctx.isOk()) {
            return new PendingExplanation(tenant, podKey, phase, "cannot evaluate: " + ctx.error(), Map.of(),
                    List.of(), events, notes);
        }
        if (!ctx.value().requestsAnyDevice()) {
            notes.add("the pod requests no HAMi device: HAMi passes every node and the default rules decide");
            return new PendingExplanation(tenant, podKey, phase, "not a GPU pod", Map.of(), List.of(), events, notes);
        }
        notes.addAll(nodeNotes);
        List<CardVerdict> cards = new ArrayList<>();
        for (NodeInfo n : nodeInfos) {
            for (DeviceUsage card : n.devices()) {
                NodeFit alone = NodeFitter.fit(ctx.value(), new NodeInfo(n.name(), n.annotations(), List.of(card)),
                        quota);
                cards.add(new CardVerdict(n.name(), card.id(), card.info().type(),
                        card.info().devMem() - card.usedMem(), card.info().devCore() - card.usedCores(),
                        card.info().count() - card.usedSlots(), card.info().health(), alone.fits() ? CardVerdict.FITS
                        : alone.reason().replaceAll("^\\d+/\\d+ ", "")));
            }
        }
        FilterResult result = HamiFilter.filter(info, nodeInfos, cfg, quota);
        String verdict = result.node() != null
                ? "would fit on " + result.node() + " now (the cluster may not have retried yet, or a node lock "
                + "or the cluster's own HAMi settings differ)"
                : "no node fits: " + String.join("; ", new TreeMap<>(result.failedNodes()).entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).toList());
        io.gpulab.engine.api.PlainReason words = null;
        if (result.node() == null) {
            List<List<io.gpulab.scheduler.model.DeviceInfo>> registered = new ArrayList<>();
            nodeInfos.forEach(n -> registered.add(n.devices().stream().map(DeviceUsage::info).toList()));
            words = io.gpulab.engine.api.PlainReasons.of(new io.gpulab.engine.api.PlainReasons.Pod(phase,
                    io.gpulab.engine.api.ReasonTypes.dominant(result.failedNodes()), verdict, result.failedNodes(),
                    ctx.value().requests(), info.annotations(), info.namespace(), ctx.value()::typeAllowed),
                    io.gpulab.engine.api.PlainReasons.Lab.of(registered).with(cardsNow(nodeInfos))).orElse(null);
        }
        return new PendingExplanation(tenant, podKey, phase, verdict, result.failedNodes(), cards, events, notes,
                words);
    }

    /** The cards' usage HAMi's filter read, for the figures of the reason in words (no lock, pod or clock). */
    private static io.gpulab.engine.api.LabNow cardsNow(List<NodeInfo> nodeInfos) {
        Map<String, io.gpulab.engine.api.NodeView> byName = new java.util.HashMap<>();
        for (NodeInfo n : nodeInfos) {
            List<io.gpulab.engine.api.CardView> cards = new ArrayList<>();
            for (DeviceUsage d : n.devices()) {
                var i = d.info();
                cards.add(new io.gpulab.engine.api.CardView(i.id(), i.index(), i.type(), i.devMem(), d.usedMem(),
                        i.devCore(), d.usedCores(), i.count(), d.usedSlots(), i.health(), i.numa(), i.mode(),
                        List.of()));
            }
            byName.put(n.name(), new io.gpulab.engine.api.NodeView(n.name(), 0, 0, n.annotations(), Map.of(), cards,
                    null, List.of()));
        }
        return io.gpulab.engine.api.LabNow.of(null, name -> java.util.Optional.ofNullable(byName.get(name)),
                key -> java.util.Optional.empty());
    }

    /** HAMi filters without looking at the lock; the bind then waits for it (HAMi v2.10 pkg/scheduler/scheduler.go Bind, pkg/util/nodelock/nodelock.go). */
    private static java.util.Optional<String> lockNote(List<Node> nodes, String chosen, String podKey,
                                                       java.time.Duration expire) {
        return nodes.stream().filter(n -> n.getMetadata().getName().equals(chosen)).findFirst()
                .map(n -> NodeDecoder.annotations(n).get(io.gpulab.scheduler.codec.HamiAnnotations.MUTEX_LOCK))
                .map(io.gpulab.scheduler.codec.NodeLockCodec::decode).filter(Decoded::isOk).map(Decoded::value)
                .filter(l -> !l.legacy() && !(l.namespace() + "/" + l.podName()).equals(podKey))
                .map(l -> "the bind would wait: " + chosen + " holds hami.io/mutex.lock for " + l.namespace() + "/"
                        + l.podName() + " since " + l.since() + " (takeover after " + l.since().plus(expire)
                        + "); the article's mock plugin never releases it, removing it by hand (--allow-writes) "
                        + "is the lab workaround");
    }

    /** The parts of a Pod HAMi reads, as quantity strings. */
    static PodInfo podInfo(Pod pod) {
        List<ContainerResources> init = new ArrayList<>();
        if (pod.getSpec().getInitContainers() != null) {
            pod.getSpec().getInitContainers().forEach(c -> init.add(resources(c)));
        }
        List<ContainerResources> app = pod.getSpec().getContainers().stream().map(PendingExplainer::resources).toList();
        Map<String, String> labels = pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
        return new PodInfo(String.valueOf(pod.getMetadata().getNamespace()), pod.getMetadata().getName(),
                PodDecoder.annotations(pod), labels, init, app);
    }

    private static ContainerResources resources(Container c) {
        Map<String, String> limits = new HashMap<>();
        Map<String, String> requests = new HashMap<>();
        if (c.getResources() != null) {
            copy(c.getResources().getLimits(), limits);
            copy(c.getResources().getRequests(), requests);
        }
        return new ContainerResources(c.getName(), limits, requests);
    }

    private static void copy(Map<String, Quantity> from, Map<String, String> to) {
        if (from != null) {
            from.forEach((k, q) -> to.put(k, q.toString()));
        }
    }
}
