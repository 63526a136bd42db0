package io.gpulab.app.gui.walkthrough;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A predicate over a lab snapshot that tells a walkthrough step is done. Parsed by {@link CheckParser}. */
public sealed interface Check {

    boolean test(LabSnapshot s);

    /** At least {@code atLeast} pods Running in the tenant; {@code hami} restricts to (non-)HAMi ones. */
    record PodsRunning(String tenant, int atLeast, @Nullable Boolean hami) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return pods(s, tenant).stream().filter(p -> "Running".equals(p.phase()))
                    .filter(p -> hami == null || p.hamiAllocated() == hami).count() >= atLeast;
        }
    }

    /** Some card in the tenant has exactly the given usage (null fields are not compared). */
    record CardUsage(String tenant, @Nullable Integer usedMemMB, @Nullable Integer usedCores,
                     @Nullable Integer usedSlots, @Nullable Boolean health) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return findTenant(s, tenant).stream().flatMap(t -> t.nodes().stream()).flatMap(n -> n.cards().stream())
                    .anyMatch(this::matches);
        }

        private boolean matches(CardView c) {
            return (usedMemMB == null || c.usedMemMB() == usedMemMB)
                    && (usedCores == null || c.usedCores() == usedCores)
                    && (usedSlots == null || c.usedSlots() == usedSlots)
                    && (health == null || c.health() == health);
        }
    }

    /**
     * A pod of the tenant is pending (or refused) with exactly this reason code, as the pod's reason or as
     * the reason type of one of its per-node entries ({@code 1/1 CardInsufficientCore}); {@code null}:
     * any pending pod.
     */
    record PendingReason(String tenant, @Nullable String reason) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return pods(s, tenant).stream().anyMatch(p -> !"Running".equals(p.phase())
                    && (reason == null || reason.equals(p.reason())
                    || p.failedNodes().values().stream().anyMatch(v -> reasonTypes(v).contains(reason))));
        }

        /** {@code "1/2 CardInsufficientCore, 1/2 CardNotHealth"} as its reason types. */
        private static List<String> reasonTypes(String text) {
            return java.util.Arrays.stream(text.split(", ")).map(String::strip)
                    .map(e -> e.matches("\\d+/\\d+ .*") ? e.substring(e.indexOf(' ') + 1) : e).toList();
        }
    }

    /** Some card of the tenant has exactly this size (null fields are not compared): a fact of the lab's design. */
    record CardSize(String tenant, @Nullable Integer memMB, @Nullable Integer cores, @Nullable Integer slots)
            implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return findTenant(s, tenant).stream().flatMap(t -> t.nodes().stream()).flatMap(n -> n.cards().stream())
                    .anyMatch(c -> (memMB == null || c.memMB() == memMB) && (cores == null || c.cores() == cores)
                            && (slots == null || c.slots() == slots));
        }
    }

    /**
     * The tenant's API server lists exactly this much of {@code resource} over its nodes' capacity (e.g. 10 of
     * {@code nvidia.com/gpu}: HAMi's sharing slots).
     */
    record Capacity(String tenant, String resource, long amount) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return findTenant(s, tenant).map(t -> t.nodes().stream().mapToLong(n -> amount(n.capacity().get(resource)))
                    .sum() == amount).orElse(false);
        }

        private static long amount(@Nullable String quantity) {
            try {
                return quantity == null ? 0 : new java.math.BigDecimal(quantity).longValueExact();
            } catch (ArithmeticException | NumberFormatException e) {
                return -1;
            }
        }
    }

    /** The node lock on some (or the named) worker of the tenant is held or free. */
    record Lock(String tenant, @Nullable String node, boolean held) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            List<NodeView> nodes = findTenant(s, tenant).map(TenantView::nodes).orElse(List.of());
            return nodes.stream().filter(n -> node == null || n.name().equals(node))
                    .anyMatch(n -> (n.lock() != null && n.lock().held()) == held);
        }
    }

    /** The tenant's Konnectivity tunnel state. */
    record Tunnel(String tenant, @Nullable Boolean agentsUp, @Nullable Boolean webhookReachable) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            // an unobserved tunnel passes no check on it, either way
            return findTenant(s, tenant).filter(t -> t.tunnel().known())
                    .map(t -> (agentsUp == null || t.tunnel().agentsUp() == agentsUp)
                    && (webhookReachable == null || t.tunnel().webhookReachable() == webhookReachable)).orElse(false);
        }
    }

    /** The device plugin lifecycle mode. */
    record Lifecycle(String mode) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return mode.equals(s.lifecycle());
        }
    }

    /** The tenant's webhook failurePolicy. */
    record Policy(String tenant, String policy) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return findTenant(s, tenant).map(t -> policy.equals(t.webhookFailurePolicy())).orElse(false);
        }
    }

    /** The tenant's API server lists exactly these nodes (visibility separation). */
    record Visible(String tenant, List<String> nodes) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return findTenant(s, tenant).map(t -> t.nodes().stream().map(NodeView::name).sorted().toList()
                    .equals(nodes.stream().sorted().toList())).orElse(false);
        }
    }

    /**
     * The management cluster's DataStore {@code name} as the engine states it (null fields are not compared):
     * {@code healthyMembers} up, {@code ready} ({@code status.ready}: it answers, an etcd one while it has a quorum).
     */
    record DataStore(String name, @Nullable Integer healthyMembers, @Nullable Boolean ready) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return s.management().dataStores().stream().filter(d -> d.name().equals(name)).anyMatch(d ->
                    (healthyMembers == null || d.healthy() == healthyMembers) && (ready == null || d.ready() == ready));
        }
    }

    /**
     * The tenant's TenantControlPlane (null fields are not compared): {@code status} as Kamaji computes it,
     * {@code readyReplicas} of its Deployment, {@code serving}: whether its API server answers.
     */
    record ControlPlane(String tenant, @Nullable String status, @Nullable Integer readyReplicas,
                        @Nullable Boolean serving) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return findTenant(s, tenant).map(TenantView::controlPlane).map(cp ->
                    (status == null || status.equals(cp.phase()))
                            && (readyReplicas == null || cp.readyReplicas() == readyReplicas)
                            && (serving == null || cp.apiKnown() && cp.serving() == serving)).orElse(false);
        }
    }

    /** Every check holds. */
    record AllOf(List<Check> checks) implements Check {
        @Override
        public boolean test(LabSnapshot s) {
            return checks.stream().allMatch(c -> c.test(s));
        }
    }

    private static Optional<TenantView> findTenant(LabSnapshot s, String name) {
        return s.tenant(Objects.requireNonNull(name));
    }

    private static List<PodView> pods(LabSnapshot s, String name) {
        return findTenant(s, name).map(TenantView::pods).orElse(List.of());
    }
}
