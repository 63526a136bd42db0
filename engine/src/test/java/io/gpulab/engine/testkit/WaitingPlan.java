package io.gpulab.engine.testkit;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A plan whose estimate passes its work bound while its replays do more (the plan work guard's case, for the engine's
 * {@code PlanRunner} and for {@code gpulab plan}). Its trace: 200 pods of 14,000 MB (57 % of an L4: never two on a
 * card) that all arrive, then all leave in arrival order. Candidate l4 has {@code workers} workers of 8 L4s; with 16
 * they hold the demand by the capacity bound (114 cards' worth of 128), but only 128 pods at once: 72 wait, and every
 * departure rechecks those still waiting (about 2,600 rechecks, 650 steps, the estimate does not see). Candidate a100,
 * 25 workers of 8 A100s, holds them all at once (200 + 50 + 25 steps).
 */
public final class WaitingPlan {

    private WaitingPlan() {
    }

    /** Writes the trace {@code s.yaml} and the plan {@code p.yaml} into {@code dir}; returns the plan's path. */
    public static Path write(Path dir, int workers) throws java.io.IOException {
        StringBuilder steps = new StringBuilder();
        for (int i = 1; i <= 200; i++) {
            steps.append("  - submit: {tenant: t, pod: {apiVersion: v1, kind: Pod, metadata: {name: p").append(i)
                    .append("}, spec: {containers: [{name: m, image: busybox, resources: {limits: "
                    + "{nvidia.com/gpu: 1, nvidia.com/gpumem: 14000}}}]}}}\n");
        }
        for (int i = 1; i <= 200; i++) {
            steps.append("  - delete: {tenant: t, pod: p").append(i).append("}\n");
        }
        Files.writeString(dir.resolve("s.yaml"), "apiVersion: gpulab.io/v1\nkind: Scenario\n"
                + "metadata: {name: s}\nlab:\n  tenants: [{name: t, workers: [{name: w, cards: [{model: L4}]}]}]\n"
                + "steps:\n" + steps);
        Path plan = dir.resolve("p.yaml");
        Files.writeString(plan, "apiVersion: gpulab.io/v1\nkind: Plan\nmetadata: {name: waits}\n"
                + "workload: {scenario: s.yaml}\ncandidates:\n"
                + "  - {name: l4, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: L4-24GB, count: 8}]}, workers: "
                + workers + "}\n"
                + "  - {name: a100, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 8}]}, "
                + "workers: 25}\n");
        return plan;
    }
}
