package io.gpulab.engine.plan;

import java.util.List;

/**
 * A workload resolved into pods and the order they arrive (and leave) in; the same for every candidate.
 *
 * @param description one line for reports
 * @param pods        every pod, in first-arrival order
 * @param events      submits, deletes and clock advances
 */
public record Workload(String description, List<PlanPod> pods, List<Arrival> events) {

    public Workload {
        pods = List.copyOf(pods);
        events = List.copyOf(events);
    }

    /** GPU-milli every pod asks for together (docs/metrics.md: compute shares; whole cards are 1000 each). */
    public long demandMilli() {
        long sum = 0;
        for (PlanPod p : pods) {
            sum += p.demandMilli();
        }
        return sum;
    }
}
