package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
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

    static Comparisons pod(PodExpect e, ObservedPod o) {
        Comparisons c = new Comparisons();
        c.same("phase", e.phase(), o.phase());
        c.same("node", e.node(), o.node());
        c.same("schedulerName", e.schedulerName(), o.schedulerName());
        c.same("hamiAllocated", e.hamiAllocated(), o.hamiAllocated());
        c.same("reason", e.reason(), o.reason());
        c.same("message", e.message(), o.message());
        if (e.messageContains() != null) {
            c.add("messageContains", e.messageContains(), o.message(),
                    o.message() != null && o.message().contains(e.messageContains()),
                    "messageContains: expected the message to contain \"" + e.messageContains() + "\", observed "
                            + o.message());
        }
        if (e.devices() != null) {
            c.same("devices", e.devices(), o.devices().stream().map(ObservedPod.Device::id).toList());
        }
        if (e.failedNodes() != null) {
            e.failedNodes().forEach((node, reason) -> c.same("failedNodes." + node, reason, o.failedNodes().get(node)));
        }
        return c;
    }

    static Comparisons visibility(Step.ExpectVisibility e, TenantView t) {
        Comparisons c = new Comparisons();
        if (e.nodes() != null) {
            sameSet(c, "nodes", e.nodes(), t.nodes().stream().map(NodeView::name).toList());
        }
        if (e.pods() != null) {
            sameSet(c, "pods", e.pods(), workloadPods(t));
        }
        e.capacity().forEach((node, expected) -> {
            NodeView n = t.node(node).orElse(null);
            if (n == null) {
                c.problem("capacity." + node + ": the tenant's API server does not list this node");
                return;
            }
            expected.forEach((res, value) -> {
                String seen = n.capacity().get(res);
                String field = "capacity." + node + "." + res;
                c.add(field, value, seen, seen != null && quantityEquals(value, seen),
                        field + ": expected " + value + ", observed " + seen);
            });
        });
        return c;
    }

    static Comparisons card(Step.ExpectCard e, @Nullable CardView card) {
        Comparisons c = new Comparisons();
        if (card == null) {
            c.problem("node " + e.node() + " lists no card " + e.index());
            return c;
        }
        c.same("usedMemMB", e.usedMemMB(), card.usedMemMB());
        c.same("usedCores", e.usedCores(), card.usedCores());
        c.same("usedSlots", e.usedSlots(), card.usedSlots());
        c.same("health", e.health(), card.health());
        return c;
    }

    static Comparisons lock(Step.ExpectLock e, @Nullable LockView l) {
        Comparisons c = new Comparisons();
        boolean held = l != null && l.held();
        c.add("held", e.held(), held, held == e.held(), "lock on " + e.node() + ": expected "
                + (e.held() ? "held" : "free") + ", observed " + (held ? "held by " + l.holder() : "free"));
        if (e.holder() != null && held && held == e.held()) {
            c.add("holder", e.holder(), l.holder(), e.holder().equals(l.holder()),
                    "lock holder: expected " + e.holder() + ", observed " + l.holder());
        }
        return c;
    }

    private static void sameSet(Comparisons c, String field, List<String> expected, List<String> observed) {
        TreeSet<String> e = new TreeSet<>(expected);
        TreeSet<String> o = new TreeSet<>(observed);
        c.add(field, List.copyOf(e), List.copyOf(o), e.equals(o), field + ": expected " + e + ", observed " + o);
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
        if (e.error() != null) {
            m.put("error", e.error());
        }
        return m;
    }
}
