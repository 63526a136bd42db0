package io.gpulab.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A plan whose workload is every GPU pod of the cluster it is given, weighed on two one-worker candidates. */
final class ClusterPlan {

    private ClusterPlan() {
    }

    /** Writes the plan as {@code plan.yaml} in {@code dir}. */
    static Path write(Path dir) throws IOException {
        return Files.writeString(dir.resolve("plan.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: from-cluster}
                workload: {cluster: {pendingOnly: false}}
                candidates:
                  - {name: a100, worker: {cards: [{model: A100-80GB}]}, workers: 1}
                  - {name: l4, worker: {cards: [{model: L4-24GB, count: 2}]}, workers: 1}
                """);
    }
}
