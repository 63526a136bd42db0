package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import org.jspecify.annotations.Nullable;

import java.util.List;

/** The {@code state} of the run document (docs/json-output.md): per tenant, nodes with lock and cards. */
public record LabState(List<Tenant> tenants) {

    public LabState {
        tenants = List.copyOf(tenants);
    }

    /** One tenant's nodes. */
    @JsonPropertyOrder({"name", "nodes"})
    public record Tenant(String name, List<Node> nodes) { }

    /** One node; {@code lock} is null when free. */
    @JsonPropertyOrder({"name", "lock", "cards"})
    public record Node(String name, @Nullable Lock lock, List<Card> cards) { }

    /** HAMi's node lock; times are ISO-8601 on the lab clock. */
    @JsonPropertyOrder({"held", "holder", "since", "expires"})
    public record Lock(boolean held, String holder, String since, String expires) {
        static @Nullable Lock of(@Nullable LockView l) {
            return l == null ? null : new Lock(l.held(), l.holder(), l.since().toString(), l.expires().toString());
        }
    }

    /** One card with its bookings. */
    @JsonPropertyOrder({"id", "type", "memMB", "usedMemMB", "cores", "usedCores", "slots", "usedSlots", "health"})
    public record Card(String id, String type, int memMB, int usedMemMB, int cores, int usedCores, int slots,
                       int usedSlots, boolean health) {
        static Card of(CardView c) {
            return new Card(c.id(), c.type(), c.memMB(), c.usedMemMB(), c.cores(), c.usedCores(), c.slots(),
                    c.usedSlots(), c.health());
        }
    }

    /** The state of a snapshot. */
    public static LabState of(LabSnapshot s) {
        return new LabState(s.tenants().stream().map(LabState::tenant).toList());
    }

    private static Tenant tenant(TenantView t) {
        return new Tenant(t.name(), t.nodes().stream().map(LabState::node).toList());
    }

    static Node node(NodeView n) {
        return new Node(n.name(), Lock.of(n.lock()), n.cards().stream().map(Card::of).toList());
    }
}
