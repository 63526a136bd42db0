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
 * @param demandMilli GPU-milli it asks for as docs/metrics.md defines demand ({@code AllocationCurve.demandMilli})
 */
public record PlanPod(String key, String shape, Map<String, Object> manifest, int cards, int memMB, int memPct,
                      int cores, long cpuMilli, long memoryMiB, List<String> types, List<String> models,
                      long demandMilli) {

    public PlanPod {
        types = List.copyOf(types);
        models = List.copyOf(models);
    }
}
