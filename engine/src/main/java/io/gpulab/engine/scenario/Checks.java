package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** Compares what a step expects with what was observed; each mismatch is one readable line. */
final class Checks {

    /**
     * Namespaces of the platform itself (CNI, Konnectivity agents, HAMi): a real tenant lists its pods
     * too, so a visibility check about the tenant's own workload leaves them out.
     */
    static final java.util.Set<String> PLATFORM_NAMESPACES = java.util.Set.of("kube-system", "kube-public",
            "kube-node-lease", "calico-system", "calico-apiserver", "tigera-operator", "hami-system");

    private Checks() {
    }

    /** The tenant's workload pods ({@code ns/name}): everything outside {@link #PLATFORM_NAMESPACES}. */
    static List<String> workloadPods(TenantView t) {
        return t.pods().stream().filter(pod -> !PLATFORM_NAMESPACES.contains(pod.namespace()))
                .map(pod -> pod.key()).toList();
    }

    static List<String> pod(PodExpect e, ObservedPod o) {
        List<String> p = new ArrayList<>();
        same(p, "phase", e.phase(), o.phase());
        same(p, "node", e.node(), o.node());
        same(p, "schedulerName", e.schedulerName(), o.schedulerName());
        if (e.hamiAllocated() != null && e.hamiAllocated() != o.hamiAllocated()) {
            p.add("hamiAllocated: expected " + e.hamiAllocated() + ", observed " + o.hamiAllocated());
        }
        same(p, "reason", e.reason(), o.reason());
        same(p, "message", e.message(), o.message());
        if (e.messageContains() != null && (o.message() == null || !o.message().contains(e.messageContains()))) {
            p.add("messageContains: expected the message to contain \"" + e.messageContains() + "\", observed "
                    + o.message());
        }
        if (e.devices() != null) {
            List<String> ids = o.devices().stream().map(ObservedPod.Device::id).toList();
            if (!e.devices().equals(ids)) {
                p.add("devices: expected " + e.devices() + ", observed " + ids);
            }
        }
        if (e.failedNodes() != null) {
            e.failedNodes().forEach((node, reason) ->
                    same(p, "failedNodes." + node, reason, o.failedNodes().get(node)));
        }
        return p;
    }

    static List<String> visibility(Step.ExpectVisibility e, TenantView t) {
        List<String> p = new ArrayList<>();
        if (e.nodes() != null) {
            sameSet(p, "nodes", e.nodes(), t.nodes().stream().map(NodeView::name).toList());
        }
        if (e.pods() != null) {
            sameSet(p, "pods", e.pods(), workloadPods(t));
        }
        e.capacity().forEach((node, expected) -> {
            NodeView n = t.node(node).orElse(null);
            if (n == null) {
                p.add("capacity." + node + ": the tenant's API server does not list this node");
                return;
            }
            expected.forEach((res, value) -> {
                String seen = n.capacity().get(res);
                if (seen == null || !quantityEquals(value, seen)) {
                    p.add("capacity." + node + "." + res + ": expected " + value + ", observed " + seen);
                }
            });
        });
        return p;
    }

    static List<String> card(Step.ExpectCard e, @Nullable CardView c) {
        List<String> p = new ArrayList<>();
        if (c == null) {
            p.add("node " + e.node() + " lists no card " + e.index());
            return p;
        }
        same(p, "usedMemMB", e.usedMemMB(), c.usedMemMB());
        same(p, "usedCores", e.usedCores(), c.usedCores());
        same(p, "usedSlots", e.usedSlots(), c.usedSlots());
        same(p, "health", e.health(), c.health());
        return p;
    }

    static List<String> lock(Step.ExpectLock e, @Nullable LockView l) {
        List<String> p = new ArrayList<>();
        boolean held = l != null && l.held();
        if (held != e.held()) {
            p.add("lock on " + e.node() + ": expected " + (e.held() ? "held" : "free") + ", observed "
                    + (held ? "held by " + l.holder() : "free"));
        } else if (e.holder() != null && held && !e.holder().equals(l.holder())) {
            p.add("lock holder: expected " + e.holder() + ", observed " + l.holder());
        }
        return p;
    }

    private static void same(List<String> p, String field, @Nullable Object expected, @Nullable Object observed) {
        if (expected != null && !Objects.equals(expected, observed)) {
            p.add(field + ": expected " + expected + ", observed " + observed);
        }
    }

    private static void sameSet(List<String> p, String field, List<String> expected, List<String> observed) {
        TreeSet<String> e = new TreeSet<>(expected);
        TreeSet<String> o = new TreeSet<>(observed);
        if (!e.equals(o)) {
            p.add(field + ": expected " + e + ", observed " + o);
        }
    }

    /** Kubernetes quantities compare by amount: {@code 8Gi} equals {@code 8192Mi}. */
    private static boolean quantityEquals(String a, String b) {
        try {
            return amount(a).compareTo(amount(b)) == 0;
        } catch (RuntimeException e) {
            return a.equals(b);
        }
    }

    private static BigDecimal amount(String q) {
        return io.fabric8.kubernetes.api.model.Quantity.parse(q).getNumericalAmount();
    }

    /** The expectations of a visibility step as shown in the run document. */
    static Map<String, Object> expectOf(Step.ExpectVisibility e) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        if (e.nodes() != null) {
            m.put("nodes", e.nodes());
        }
        if (e.pods() != null) {
            m.put("pods", e.pods());
        }
        if (!e.capacity().isEmpty()) {
            m.put("capacity", e.capacity());
        }
        return m;
    }
}
