package io.gpulab.engine.plan;

import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A plan may take a snapshot scenario (existing pods, no steps) as its workload: its live GPU pods. */
class SnapshotWorkloadTest {

    @TempDir
    Path dir;

    /** A worker's pod, indented under {@code workers[0].pods}. */
    private static String pod(String name, String phase, boolean gpu) {
        String in = " ".repeat(12);
        return String.join("\n", in + "- apiVersion: v1", in + "  kind: Pod",
                in + "  metadata:", in + "    name: " + name, in + "    namespace: team", in + "    annotations:",
                in + "      hami.io/vgpu-node: w",
                in + "  spec:", in + "    containers:", in + "      - name: main", in + "        image: busybox",
                in + "        resources: {limits: {" + (gpu ? "nvidia.com/gpu: 1, nvidia.com/gpumem: 1000" : "cpu: 1")
                        + "}}", in + "  status: {phase: " + phase + "}") + "\n";
    }

    @Test
    void theSnapshotsLiveGpuPodsAreTheWorkload() throws Exception {
        String yaml = """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: snap}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w
                          cards: [{model: L4-24GB}]
                          pods:
                """ + pod("running", "Running", true) + pod("done", "Succeeded", true) + pod("cpu", "Running", false)
                + """
                      pods:
                        - apiVersion: v1
                          kind: Pod
                          metadata: {name: waiting, namespace: team}
                          spec:
                            containers:
                              - name: main
                                image: busybox
                                resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 30000}}
                          status: {phase: Pending}
                steps: []
                """;
        Path f = dir.resolve("snap.yaml");
        Files.writeString(f, yaml);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(
                new WorkloadSpec.ScenarioSubmits(f.toString()));
        assertEquals(List.of("team/running", "team/waiting"), w.pods().stream().map(PlanPod::key).toList());
        assertFalse(w.pods().get(0).manifest().toString().contains("hami.io/vgpu-node"));
    }
}
