package io.gpulab.scheduler.filter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.scheduler.model.ContainerDevice;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * "Why this node, why this card": one {@code /filter} call of HAMi read off the decision itself
 * ({@link FilterExplainer}): the policies and weights in force, every candidate node with HAMi's node score or its
 * filter reasons, and per container every card considered, in the order HAMi tried them, with its score, the terms
 * behind it and what Fit said of it.
 *
 * @param error       the filter's error (an invalid {@code hami.io/device-scoring-weights}), else null
 * @param nodePolicy  the node policy in force ({@code binpack} unless {@code spread})
 * @param nodeOrder   what the node policy means, in words
 * @param gpuPolicy   the card policy string in force
 * @param cardOrder   what the card order means, in words (which card is tried first, ties)
 * @param numaBind    {@code nvidia.com/numa-bind} is on: a multi-card container takes one NUMA node's cards
 * @param topology    the card policy contains {@code topology-aware}: cards chosen by pair scores
 * @param mutex       the card policy contains {@code mutex}: only idle cards
 * @param weights     the card score weights in force
 * @param nodes       every candidate node: those HAMi was sent in its order (chosen first), then failed ones by name
 * @param chosen      the node HAMi chose, or null
 */
@JsonPropertyOrder({"error", "nodePolicy", "nodeOrder", "gpuPolicy", "cardOrder", "numaBind", "topology", "mutex",
    "weights", "chosen", "nodes"})
public record FilterWhy(@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String error, String nodePolicy,
                        String nodeOrder, String gpuPolicy, String cardOrder, boolean numaBind, boolean topology,
                        boolean mutex, Weights weights, @Nullable String chosen, List<NodeWhy> nodes) {

    public FilterWhy {
        nodes = List.copyOf(nodes);
    }

    /**
     * The card score weights ({@code hami.io/device-scoring-weights}).
     *
     * @param source {@code default} or the annotation's value
     */
    @JsonPropertyOrder({"slot", "core", "memory", "source"})
    public record Weights(long slot, long core, long memory, String source) { }

    /**
     * One candidate node.
     *
     * @param verdict    {@code chosen}, {@code fits} (HAMi would have taken it; ranked after the chosen one), or
     *                   {@code failed}
     * @param rank       1 for the chosen node, 2 for the next in HAMi's order, ...; 0 for a failed node
     * @param score      HAMi's node score (existing usage only) for a node that fits, else null
     * @param usage      the sums behind the node score: used and total slots, cores and memory of all its cards
     * @param reason     HAMi's reason string for a failed node ({@code 1/2 CardInsufficientMemory, ...}), or
     *                   kube-scheduler's when its own filter rejected the node before HAMi saw it
     * @param rejectedBy {@code hami-scheduler} (HAMi's filter) or {@code kube-scheduler}
     * @param containers what each container of the pod was offered on this node, init containers first; for a
     *                   failed node up to the container that failed
     */
    @JsonPropertyOrder({"node", "verdict", "rank", "score", "usage", "reason", "rejectedBy", "containers"})
    public record NodeWhy(String node, String verdict, int rank, @Nullable Float score, @Nullable Usage usage,
                          @Nullable String reason, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String rejectedBy,
                          List<ContainerWhy> containers) {

        public NodeWhy {
            containers = List.copyOf(containers);
        }
    }

    /** Used and total sharing slots, core units and memory (MB). */
    @JsonPropertyOrder({"usedSlots", "slots", "usedCores", "cores", "usedMemMB", "memMB"})
    public record Usage(int usedSlots, int slots, int usedCores, int cores, int usedMemMB, int memMB) { }

    /**
     * One container on one node.
     *
     * @param index   the container's index in HAMi's order (init containers first)
     * @param request what HAMi read: cards, memory (MB, or percent of each card), cores
     * @param cards   every card of the node, in the order HAMi tried them (a MIG card may appear more than once)
     * @param devices the cards the container got (empty unless it fit)
     * @param reason  the container's reason string when it did not fit, else null
     */
    @JsonPropertyOrder({"index", "init", "request", "cards", "devices", "reason"})
    public record ContainerWhy(int index, boolean init, Request request, List<CardWhy> cards,
                               List<ContainerDevice> devices, @Nullable String reason) {

        public ContainerWhy {
            cards = List.copyOf(cards);
            devices = List.copyOf(devices);
        }
    }

    /**
     * A container's HAMi request.
     *
     * @param memPercent percent of each card's memory, null when memory is asked in MB ({@code memMB})
     */
    @JsonPropertyOrder({"cards", "memMB", "memPercent", "cores"})
    public record Request(int cards, int memMB, @Nullable Integer memPercent, int cores) { }

    /**
     * One card considered for one container.
     *
     * @param tried      1 for the card HAMi tried first, 2 for the next, ...; 0 when Fit never reached it
     * @param score      HAMi's card score for this container (float32)
     * @param terms      the fills behind the score
     * @param before     the card's usage when the container was fitted (earlier app containers of the pod included)
     * @param verdict    {@code taken}; HAMi's reason code of the check it failed; {@code dropped NumaNotFit} (taken,
     *                   then dropped for another NUMA node); {@code not tried} (enough cards were taken before);
     *                   {@code not chosen} (topology-aware: another candidate won); {@code not an NVIDIA card}
     * @param askedMemMB the memory Fit asked of this card (a percentage resolved on this card), null when Fit stopped
     *                   before the memory check
     * @param pairScore  topology-aware: the card's sum of pair scores (one card) or the chosen combination's (several)
     */
    @JsonPropertyOrder({"id", "index", "numa", "type", "tried", "score", "terms", "before", "verdict", "askedMemMB",
        "askedCores", "pairScore"})
    public record CardWhy(String id, int index, int numa, String type, int tried, float score, Terms terms,
                          Usage before, String verdict, @Nullable Integer askedMemMB, @Nullable Integer askedCores,
                          @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Long pairScore) { }

    /**
     * HAMi's card score {@code 10 * (slot x slotWeight + core x coreWeight + memory x memoryWeight)}: each fill is
     * (this container's request + used) / total, the request counted only when the container's device type equals
     * the card's registered type exactly (with real type strings, as in a cluster, it is not).
     */
    @JsonPropertyOrder({"slot", "core", "memory", "requestCounted"})
    public record Terms(float slot, float core, float memory, boolean requestCounted) { }
}
