package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.NodeTaint;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.StatusCondition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tenant worker's conditions and taints and a pod's Ready condition, read from the tenant's API server as the node
 * lifecycle controller leaves them when a kubelet stops posting (fabric8's mock server), and followed live.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterConditionsTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    private static final String MARKED = "2026-10-01T10:05:00Z";

    @Test
    void aWorkerMarkedUnknownAndTaintedAndItsPodNotReadyAreReadAsTheApiServerServesThem() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            KubernetesClient a = lab.tenantA.client;
            Node n = a.nodes().withName("tenant-a-worker").get();
            n.getStatus().setConditions(List.of(new NodeConditionBuilder().withType("Ready").withStatus("True")
                    .withReason("KubeletReady").withMessage("kubelet is posting ready status")
                    .withLastTransitionTime("2026-10-01T09:00:00Z").withLastHeartbeatTime("2026-10-01T10:04:10Z")
                    .build(), new NodeConditionBuilder().withType("MemoryPressure").withStatus("False")
                    .withReason("KubeletHasSufficientMemory").withMessage("kubelet has sufficient memory available")
                    .withLastTransitionTime("2026-10-01T09:00:00Z").build()));
            a.nodes().resource(n).update();
            Pod p = a.pods().inNamespace("default").withName("gpu-pod-1").get();
            p.getStatus().setConditions(List.of(new PodConditionBuilder().withType("PodScheduled").withStatus("True")
                    .build(), new PodConditionBuilder().withType("Ready").withStatus("True")
                    .withLastTransitionTime("2026-10-01T09:30:00Z").build()));
            a.pods().resource(p).update();
            try (ClusterBackend backend = ClusterBackend.connect(lab.options())) {
                NodeView healthy = Await.until(() -> node(backend), v -> !v.conditions().isEmpty());
                assertEquals(List.of(new StatusCondition("Ready", "True", "KubeletReady",
                        "kubelet is posting ready status", Instant.parse("2026-10-01T09:00:00Z")),
                        new StatusCondition("MemoryPressure", "False", "KubeletHasSufficientMemory",
                                "kubelet has sufficient memory available", Instant.parse("2026-10-01T09:00:00Z"))),
                        healthy.conditions(), "every condition the node has, in its order");
                assertEquals(List.of(), healthy.taints());
                assertEquals(new StatusCondition("Ready", "True", "", "", Instant.parse("2026-10-01T09:30:00Z")),
                        pod(backend, "gpu-pod-1").ready());
                assertNull(pod(backend, "gpu-pod-2").ready(), "a pending pod has no Ready condition");

                // what kube-controller-manager writes once the kubelet stopped posting
                Node marked = a.nodes().withName("tenant-a-worker").get();
                marked.getStatus().setConditions(List.of(new NodeConditionBuilder().withType("Ready")
                        .withStatus("Unknown").withReason("NodeStatusUnknown")
                        .withMessage("Kubelet stopped posting node status.").withLastTransitionTime(MARKED).build()));
                if (marked.getSpec() == null) {
                    marked.setSpec(new io.fabric8.kubernetes.api.model.NodeSpec());
                }
                marked.getSpec().setTaints(List.of(new TaintBuilder().withKey("node.kubernetes.io/unreachable")
                        .withEffect("NoSchedule").withTimeAdded(MARKED).build(), new TaintBuilder()
                        .withKey("node.kubernetes.io/unreachable").withEffect("NoExecute").withTimeAdded(MARKED)
                        .build()));
                a.nodes().resource(marked).update();
                Pod notReady = a.pods().inNamespace("default").withName("gpu-pod-1").get();
                notReady.getStatus().setConditions(List.of(new PodConditionBuilder().withType("Ready")
                        .withStatus("False").withLastTransitionTime(MARKED).build()));
                a.pods().resource(notReady).update();
                NodeView unknown = Await.until(() -> node(backend), v -> !v.taints().isEmpty());
                assertEquals(List.of(new StatusCondition("Ready", "Unknown", "NodeStatusUnknown",
                        "Kubelet stopped posting node status.", Instant.parse(MARKED))), unknown.conditions());
                assertEquals(List.of(new NodeTaint("node.kubernetes.io/unreachable", "", "NoSchedule",
                        Instant.parse(MARKED)), new NodeTaint("node.kubernetes.io/unreachable", "", "NoExecute",
                        Instant.parse(MARKED))), unknown.taints());
                PodView running = Await.until(() -> pod(backend, "gpu-pod-1"), v -> v.ready() != null
                        && "False".equals(v.ready().status()));
                assertEquals("Running", running.phase(), "the pod still reads Running: no kubelet updates it");
                assertEquals(new StatusCondition("Ready", "False", "", "", Instant.parse(MARKED)), running.ready());

                Node garbled = a.nodes().withName("tenant-a-worker").get();
                garbled.getSpec().getTaints().get(0).setTimeAdded("yesterday");
                a.nodes().resource(garbled).update();
                NodeView bad = Await.until(() -> node(backend), v -> v.taints().get(0).timeAdded() == null);
                assertTrue(bad.warnings().contains("spec.taints[key=node.kubernetes.io/unreachable].timeAdded "
                        + "\"yesterday\" is not an RFC 3339 time (left out)"), bad.warnings().toString());
            }
        }
    }

    private static NodeView node(ClusterBackend b) {
        Optional<NodeView> n = b.snapshot().tenant("tenant-a").flatMap(t -> t.node("tenant-a-worker"));
        return n.orElse(new NodeView("none", 0, 0, java.util.Map.of(), java.util.Map.of(), List.of(), null,
                List.of()));
    }

    private static PodView pod(ClusterBackend b, String name) {
        return b.snapshot().tenant("tenant-a").orElseThrow().pod("default/" + name).orElseThrow();
    }
}
