package io.gpulab.engine.plan;

import java.util.List;
import java.util.Map;

/**
 * One pod of a resolved workload, with what it asks for per card (the largest container's ask; pods of
 * several GPU containers are rare in the workloads a plan reads).
 *
 * @param key       {@code ns/name}
 * @param shape     the template or source it came from, e.g. {@code chat} or {@code openb}
 * @param manifest  the Pod manifest submitted to every candidate's lab (read only)
 * @param cards     cards asked for (0 for a CPU-only pod)
 * @param memMB     MB per card, 0 when not asked in MB
 * @param memPct    percent of memory per card, 0 when not asked (100 for a whole card)
 * @param cores     percent of compute per card, 0 when not asked
 * @param cpuMilli  CPU request in millicores
 * @param memoryMiB memory request in MiB
 * @param types     acceptable HAMi card types ({@code nvidia.com/use-gputype}); empty for any
 * @param models    the same as catalog model names where known, for messages
 */
public record PlanPod(String key, String shape, Map<String, Object> manifest, int cards, int memMB, int memPct,
                      int cores, long cpuMilli, long memoryMiB, List<String> types, List<String> models) {

    public PlanPod {
        types = List.copyOf(types);
        models = List.copyOf(models);
    }

    /**
     * GPU-milli asked on a card of {@code cardMemMB} (1000 = the whole card): the larger of the compute
     * and the memory share, as either one exhausts the card for others.
     */
    public long gpuMilli(int cardMemMB) {
        long perCard = Math.max(cores * 10L, memPct * 10L);
        if (memMB > 0 && cardMemMB > 0) {
            perCard = Math.max(perCard, Math.min(1000L, (long) Math.ceil(memMB * 1000.0 / cardMemMB)));
        }
        return cards * Math.min(1000L, perCard);
    }

    /** GPU-milli without a card in mind: MB asks, which depend on the card, are left out. */
    public long gpuMilli() {
        return gpuMilli(0);
    }
}
