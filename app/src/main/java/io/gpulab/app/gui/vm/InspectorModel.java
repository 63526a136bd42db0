package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.PodWhy;
import io.gpulab.engine.api.WhyLines;
import io.gpulab.engine.api.TenantView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;

/** What the inspector shows for a selection: properties, annotations and the object's events. */
public final class InspectorModel {

    /** A pod's reason in words, its fix and its docs/reasons.md entry. */
    public static final String WHY = "Why it does not run";

    /** HAMi's last filter of a pod it placed on no node (instead of "Why this node, why this card"). */
    public static final String NO_NODE = "Why no node fits";

    /** The tenant's category of what its own API server lists (nodes, GPU capacity). */
    public static final String API_SERVER = "API server lists";

    private InspectorModel() {
    }

    private static java.math.@org.jspecify.annotations.Nullable BigDecimal quantity(String v) {
        try {
            return new java.math.BigDecimal(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The rows for {@code sel} in {@code s}; empty when the object no longer exists. */
    public static List<InspectorRow> rows(LabSnapshot s, Selection sel, List<LabEvent> events) {
        return rows(s, sel, events, (tenant, key) -> Optional.empty());
    }

    /**
     * As {@link #rows(LabSnapshot, Selection, List)}; a selected pod is taken from {@code detail} when it answers
     * (the backend's view of the pod alone, with per-node reasons the snapshot leaves out on large tenants).
     */
    public static List<InspectorRow> rows(LabSnapshot s, Selection sel, List<LabEvent> events,
                                          BiFunction<String, String, Optional<PodView>> detail) {
        return rows(s, sel, events, detail, (t, k) -> Optional.empty(), (t, k) -> Optional.empty());
    }

    /**
     * As above; a selected pod also shows why it does not run, in words ({@code words}), and why HAMi chose its node
     * and cards ({@code why}: its last filter explained, the allocation decoded), when those answer.
     */
    public static List<InspectorRow> rows(LabSnapshot s, Selection sel, List<LabEvent> events,
                                          BiFunction<String, String, Optional<PodView>> detail,
                                          BiFunction<String, String, Optional<PlainReason>> words,
                                          BiFunction<String, String, Optional<PodWhy>> why) {
        List<InspectorRow> rows = new ArrayList<>();
        Optional<TenantView> tenant = s.tenant(sel.tenant());
        switch (sel.kind()) {
            case MANAGEMENT -> management(rows, s.management());
            case CONTROL_PLANE -> tenant.ifPresent(t -> controlPlane(rows, t));
            case TENANT -> tenant.ifPresent(t -> tenant(rows, t));
            case NODE -> tenant.flatMap(t -> t.node(sel.id())).ifPresent(n -> node(rows, s, n));
            case CARD -> tenant.flatMap(t -> card(t, sel.id())).ifPresent(c -> card(rows, c));
            case POD -> tenant.flatMap(t -> t.pod(sel.id()))
                    .map(p -> detail.apply(sel.tenant(), sel.id()).orElse(p)).ifPresent(p -> pod(rows, s.now(), p,
                            "Running".equals(p.phase()) ? Optional.empty() : words.apply(sel.tenant(), sel.id()),
                            why.apply(sel.tenant(), sel.id())));
            default -> { }
        }
        if (!rows.isEmpty()) {
            String suffix = sel.kind() == Selection.Kind.POD ? "Pod/" + sel.id()
                    : sel.kind() == Selection.Kind.NODE ? "Node/" + sel.id() : null;
            if (suffix != null) {
                for (LabEvent e : events) {
                    if (e.tenant().equals(sel.tenant()) && e.object().equals(suffix)) {
                        rows.add(new InspectorRow("Events", Formats.time(e.time()) + " " + e.reason(),
                                e.type() + ": " + e.message()));
                    }
                }
            }
        }
        // the engine's prose writes instants as ISO-8601: shown as the lab's clock reads them
        rows.replaceAll(r -> "Warnings".equals(r.category())
                ? new InspectorRow(r.category(), r.name(), Formats.labText(r.value(), s.now())) : r);
        return rows;
    }

    /** The card with this id in the tenant. */
    public static Optional<CardView> card(TenantView t, String id) {
        return t.nodes().stream().flatMap(n -> n.cards().stream()).filter(c -> c.id().equals(id)).findFirst();
    }

    private static void management(List<InspectorRow> r, ManagementView m) {
        r.add(new InspectorRow("Management cluster", "name", m.name()));
        r.add(new InspectorRow("Management cluster", "Kamaji controller", m.kamajiReady() ? "Ready" : "Not ready"));
        r.add(new InspectorRow("Management cluster", "datastore", m.datastore() + " (" + m.datastoreDriver() + ")"));
        r.add(new InspectorRow("Management cluster", "MetalLB pool", m.metallbPool()));
        for (ManagementView.NodeView n : m.nodes()) {
            String c = "Node " + n.name();
            r.add(new InspectorRow(c, "state", n.state()));
            r.add(new InspectorRow(c, "allocatable", n.cpu() + " CPU, " + Formats.mb(n.memoryMiB()) + " MiB"
                    + (n.zone().isEmpty() ? "" : ", zone " + n.zone())));
            r.add(new InspectorRow(c, "requested", n.cpuRequestedMilli() + "m CPU, "
                    + Formats.mb(n.memoryRequestedMiB()) + " MiB"));
            r.add(new InspectorRow(c, "pods", n.pods().isEmpty() ? "none" : String.join(", ", n.pods())));
        }
        for (ManagementView.DataStoreView d : m.dataStores()) {
            String c = "DataStore " + d.name();
            r.add(new InspectorRow(c, "driver", d.driver()));
            r.add(new InspectorRow(c, "status.ready", String.valueOf(d.ready())));
            r.add(new InspectorRow(c, "members up", d.healthy() + " of " + d.members().size() + " (quorum "
                    + d.quorum() + ")"));
            d.members().forEach(x -> r.add(new InspectorRow(c, x.name(), (x.up() ? "up" : "down")
                    + (x.node().isEmpty() ? "" : " on " + x.node()))));
            r.add(new InspectorRow(c, "status.usedBy", String.join(", ", d.usedBy())));
            d.prefixes().forEach((t, p) -> r.add(new InspectorRow(c, "prefix of " + t, p)));
            if (!d.error().isEmpty()) {
                r.add(new InspectorRow(c, "kube-apiserver reads", d.error()));
            }
        }
        m.warnings().forEach(w -> r.add(new InspectorRow("Warnings", "warning", w)));
    }

    private static void controlPlane(List<InspectorRow> r, TenantView t) {
        ControlPlaneView cp = t.controlPlane();
        String c = "TenantControlPlane";
        r.add(new InspectorRow(c, "name", cp.namespace() + "/" + cp.name()));
        r.add(new InspectorRow(c, "phase", cp.phase()));
        r.add(new InspectorRow(c, "version", cp.version()));
        r.add(new InspectorRow(c, "endpoint", cp.endpoint()));
        r.add(new InspectorRow(c, "installed version", cp.installedVersion().isEmpty() ? "none yet"
                : cp.installedVersion()));
        r.add(new InspectorRow(c, "replicas", cp.readyReplicas() + " ready, " + cp.updatedReplicas() + " updated, "
                + cp.replicas() + " desired"));
        r.add(new InspectorRow(c, "datastore", cp.dataStore()));
        r.add(new InspectorRow(c, "datastore schema", cp.dataStoreSchema()));
        r.add(new InspectorRow(c, "writePermissions", cp.writePermissions()));
        r.add(new InspectorRow(c, "API server", !cp.apiKnown() ? cp.apiObserved() : cp.serving() ? "answers"
                : cp.apiError()));
        if (cp.apiKnown() && !cp.apiObserved().isEmpty()) {
            r.add(new InspectorRow(c, "observed", cp.apiObserved()));
        }
        cp.components().forEach(x ->
                r.add(new InspectorRow("Components", x.name(), x.ready() ? "Ready" : "Not ready")));
        cp.pods().forEach(p -> r.add(new InspectorRow("Pods", p.name(), p.phase()
                + (p.ready() ? ", ready" : ", not ready")
                + (p.node().isEmpty() ? ", not bound" : " on " + p.node()) + ", " + p.version()
                + (p.message().isEmpty() ? "" : ": " + p.message()))));
        cp.effects().forEach(e -> r.add(new InspectorRow("What the tenant sees", "effect", e)));
        cp.kubelets().forEach(k -> r.add(new InspectorRow("Kubelets", k.node(), (k.version().isEmpty() ? "version "
                + "not reported" : k.version()) + (!k.checked() ? ": version skew not checked: " + k.unchecked()
                : k.supported() ? " (within the version-skew policy)" : ": " + k.violation()))));
    }

    private static void tenant(List<InspectorRow> r, TenantView t) {
        r.add(new InspectorRow("Tenant", "name", t.name()));
        r.add(new InspectorRow("Tenant", "control plane", t.controlPlane().statusInWords()));
        r.add(new InspectorRow("Tenant", "webhook failurePolicy", t.webhookFailurePolicy()));
        r.add(new InspectorRow("Tenant", "workers", String.valueOf(t.nodes().size())));
        r.add(new InspectorRow("Tenant", "pods", String.valueOf(t.pods().size())));
        // what the tenant's own API server lists: the separation the article's tests 7 and 8 compare
        r.add(new InspectorRow(API_SERVER, "nodes", String.join(", ", t.nodes().stream().map(NodeView::name)
                .toList())));
        Map<String, java.math.BigDecimal> capacity = new TreeMap<>();
        Map<String, String> unsummed = new TreeMap<>();
        for (NodeView n : t.nodes()) {
            n.capacity().forEach((k, v) -> {
                java.math.BigDecimal q = quantity(v);
                if (!k.startsWith("nvidia.com/")) {
                    return;
                }
                if (q == null) {
                    unsummed.put(k, v); // not a plain number: shown as listed, never counted as 0
                } else {
                    capacity.merge(k, q, java.math.BigDecimal::add);
                }
            });
        }
        unsummed.keySet().forEach(capacity::remove);
        capacity.forEach((k, v) -> r.add(new InspectorRow(API_SERVER, k, v.toPlainString()
                + (k.equals("nvidia.com/gpu") ? " (sharing slots, not cards)" : ""))));
        unsummed.forEach((k, v) -> r.add(new InspectorRow(API_SERVER, k, v)));
        t.warnings().forEach(w -> r.add(new InspectorRow("Warnings", "warning", w)));
        if (!t.tunnel().known()) {
            r.add(new InspectorRow("Konnectivity", "agents", t.tunnel().unknownWords()));
            r.add(new InspectorRow("Konnectivity", "HAMi webhook", t.tunnel().unknownWords()));
            return;
        }
        // connected and reachable only while a konnectivity-server runs for the agents (TunnelState)
        io.gpulab.engine.api.TunnelState tunnel = io.gpulab.engine.api.TunnelState.of(t);
        r.add(new InspectorRow("Konnectivity", "agents", tunnel.up() ? "connected" : !t.tunnel().agentsUp() ? "down"
                : "not connected: " + tunnel.why()));
        r.add(new InspectorRow("Konnectivity", "HAMi webhook", !t.tunnel().webhookReachable()
                ? "unreachable: " + t.tunnel().error() : tunnel.up() ? "reachable" : "unreachable: " + tunnel.why()));
    }

    private static void node(List<InspectorRow> r, LabSnapshot s, NodeView n) {
        r.add(new InspectorRow("Node", "name", n.name()));
        r.add(new InspectorRow("Node", "cpu / memory", n.cpu() + " cores / " + Formats.mb(n.memoryMiB()) + " MiB"));
        new TreeMap<>(n.capacity()).forEach((k, v) -> r.add(new InspectorRow("Capacity", k, v)));
        n.conditions().forEach(c -> r.add(new InspectorRow("Conditions", c.type(), condition(c, s.now()))));
        n.taints().forEach(t -> r.add(new InspectorRow("Taints", t.text(), t.timeAdded() == null ? "timeAdded not "
                + "stated" : "added " + Formats.labTime(t.timeAdded(), s.now()))));
        if (!n.conditions().isEmpty() && n.taints().isEmpty()) {
            r.add(new InspectorRow("Taints", "spec.taints", "none"));
        }
        LockView lock = n.lock();
        if (lock != null && lock.held()) {
            String holder = lock.holder().isEmpty() ? "(bare timestamp)" : lock.holder();
            r.add(new InspectorRow("Node lock", "holder", holder));
            r.add(new InspectorRow("Node lock", "since", Formats.labTime(lock.since(), s.now())));
            r.add(new InspectorRow("Node lock", "expires in",
                    Formats.countdown(Duration.between(s.now(), lock.expires()))));
        } else {
            r.add(new InspectorRow("Node lock", "hami.io/mutex.lock", "free"));
        }
        annotations(r, n.annotations());
        n.warnings().forEach(w -> r.add(new InspectorRow("Warnings", "warning", w)));
    }

    /** {@code Unknown · NodeStatusUnknown: Kubelet stopped posting node status. · since 00:00:50} (the lab clock's reading). */
    static String condition(io.gpulab.engine.api.StatusCondition c, java.time.Instant now) {
        String why = c.reason().isEmpty() ? c.message() : c.message().isEmpty() ? c.reason()
                : c.reason() + ": " + c.message();
        return c.status() + (why.isEmpty() ? "" : " · " + why) + " · " + (c.lastTransitionTime() == null
                ? "since not stated" : "since " + Formats.labTime(c.lastTransitionTime(), now));
    }

    private static void card(List<InspectorRow> r, CardView c) {
        String k = "Card";
        r.add(new InspectorRow(k, "uuid", c.id()));
        r.add(new InspectorRow(k, "type", c.type()));
        r.add(new InspectorRow(k, "index / numa", c.index() + " / " + c.numa()));
        r.add(new InspectorRow(k, "memory", Formats.mb(c.usedMemMB()) + " / " + Formats.mb(c.memMB()) + " MB"));
        r.add(new InspectorRow(k, "compute", c.usedCores() + " / " + c.cores() + " %"));
        r.add(new InspectorRow(k, "sharing slots", c.usedSlots() + " / " + c.slots()));
        r.add(new InspectorRow(k, "health", c.health() ? "healthy" : "unhealthy"));
        r.add(new InspectorRow(k, "mode", c.mode()));
        c.pods().forEach(p -> r.add(new InspectorRow("Pods on this card", p, "")));
    }

    /**
     * A pod: why it does not run in words (first: at 1024x768 the inspector shows some twelve lines, and a pending pod
     * is selected to learn why), its fields, its devices and failed nodes, HAMi's why, annotations.
     */
    private static void pod(List<InspectorRow> r, java.time.Instant now, PodView p, Optional<PlainReason> words, Optional<PodWhy> why) {
        words.ifPresent(w -> inWords(r, w));
        String k = "Pod";
        r.add(new InspectorRow(k, "name", p.key()));
        r.add(new InspectorRow(k, "phase", p.phase()));
        r.add(new InspectorRow(k, "node", p.node().isEmpty() ? "(none)" : p.node()));
        r.add(new InspectorRow(k, "schedulerName", p.schedulerName()));
        r.add(new InspectorRow(k, "HAMi allocation", p.hamiAllocated() ? "present" : "absent"));
        io.gpulab.engine.api.StatusCondition ready = p.ready();
        if (ready != null) {
            r.add(new InspectorRow(k, "Ready", condition(ready, now)));
        }
        if (!p.reason().isEmpty()) {
            r.add(new InspectorRow(k, "reason", p.reason()));
        }
        if (!p.message().isEmpty()) {
            r.add(new InspectorRow(k, "message", p.message()));
        }
        p.devices().forEach(d -> r.add(new InspectorRow("Devices", d.id() + " (" + d.container() + ")",
                Formats.mb(d.memMB()) + " MB · " + d.cores() + " %")));
        new TreeMap<>(p.failedNodes()).forEach((n, w) -> r.add(new InspectorRow("Filter: failed nodes", n, w)));
        why.ifPresent(w -> why(r, w));
        annotations(r, p.annotations());
        p.warnings().forEach(w -> r.add(new InspectorRow("Warnings", "warning", w)));
    }

    private static void inWords(List<InspectorRow> r, PlainReason w) {
        String k = WHY;
        r.add(new InspectorRow(k, "in words", w.text()));
        r.add(new InspectorRow(k, "fix", w.fix()));
        r.add(new InspectorRow(k, "reference", w.doc()));
    }

    /**
     * HAMi's last filter of the pod, one row per setting, node, container and card (WhyLines, as trace prints), under
     * WhyLines' heading: "Why this node, why this card" for a pod HAMi placed, {@link #NO_NODE} for one it placed nowhere.
     */
    private static void why(List<InspectorRow> r, PodWhy w) {
        String category = "Why this node, why this card";
        for (WhyLines.Line l : WhyLines.of(new PodWhy(null, w.at(), w.filter(), w.allocated()), true)) {
            if (l.depth() == 0) {
                category = Character.toUpperCase(l.label().charAt(0)) + l.label().substring(1);
            } else {
                r.add(new InspectorRow(category, "  ".repeat(l.depth() - 1) + l.label(), l.value()));
            }
        }
    }

    private static void annotations(List<InspectorRow> r, Map<String, String> annotations) {
        new TreeMap<>(annotations).forEach((k, v) -> r.add(new InspectorRow("Annotations", k, v)));
    }
}
