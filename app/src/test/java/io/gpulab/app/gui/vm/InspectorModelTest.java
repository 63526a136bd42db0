package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.LabEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

class InspectorModelTest {

    private static boolean has(List<InspectorRow> rows, String category, String name, String value) {
        return rows.contains(new InspectorRow(category, name, value));
    }

    @Test
    void pendingPodShowsReasonPerNodeAndItsEvents() {
        var event = new LabEvent(9, Fixtures.T0, "tenant-a", "Pod/default/gpu-pod-4", "Warning", "FilteringFailed",
                "1 nodes CardInsufficientCore(tenant-a-worker)", "hami-scheduler");
        var rows = InspectorModel.rows(Fixtures.articleAfterFourPods(false),
                Selection.pod("tenant-a", "default/gpu-pod-4"), List.of(event));
        assertTrue(has(rows, "Filter: failed nodes", "tenant-a-worker", "1/1 CardInsufficientCore"), rows::toString);
        assertTrue(has(rows, "Events", "00:00:00 FilteringFailed",
                "Warning: 1 nodes CardInsufficientCore(tenant-a-worker)"), rows::toString);
    }

    @Test
    void aTenantShowsWhatItsOwnApiServerListsForTheArticlesTestsSevenAndEight() {
        var a = InspectorModel.rows(Fixtures.articleAfterFourPods(false), new Selection(Selection.Kind.TENANT,
                "tenant-a", "tenant-a"), List.of());
        assertTrue(has(a, InspectorModel.API_SERVER, "nodes", "tenant-a-worker"), a::toString);
        assertTrue(has(a, InspectorModel.API_SERVER, "nvidia.com/gpu", "10 (sharing slots, not cards)"), a::toString);
        var b = InspectorModel.rows(Fixtures.articleAfterFourPods(false), new Selection(Selection.Kind.TENANT,
                "tenant-b", "tenant-b"), List.of());
        assertTrue(has(b, InspectorModel.API_SERVER, "nvidia.com/gpu", "20 (sharing slots, not cards)"), b::toString);
    }

    @Test
    void theManagementClusterAndAControlPlaneShowWhatTheEngineStatesAfterAQuorumLoss() throws Exception {
        var lab = io.gpulab.app.gui.EngineLabOpener.sim().open("article");
        var b = lab.backend();
        b.execute(new io.gpulab.engine.api.LabCommand.SetDataStoreMember("default", "kamaji-etcd-0", false));
        b.execute(new io.gpulab.engine.api.LabCommand.SetDataStoreMember("default", "kamaji-etcd-1", false));
        b.execute(new io.gpulab.engine.api.LabCommand.Advance(java.time.Duration.ofSeconds(30)));
        var s = b.snapshot();
        var m = InspectorModel.rows(s, new Selection(Selection.Kind.MANAGEMENT, "", "kamaji"), List.of());
        assertTrue(has(m, "DataStore default", "members up", "1 of 3 (quorum 2)"), m::toString);
        assertTrue(has(m, "DataStore default", "kamaji-etcd-0", "down on kamaji-control-plane"), m::toString);
        assertTrue(has(m, "DataStore default", "kube-apiserver reads", "etcdserver: request timed out"), m::toString);
        assertTrue(has(m, "Node kamaji-control-plane", "state", "Ready"), m::toString);
        var cp = InspectorModel.rows(s, new Selection(Selection.Kind.CONTROL_PLANE, "tenant-a", "tenant-a"),
                List.of());
        assertTrue(has(cp, "TenantControlPlane", "phase", "NotReady"), cp::toString);
        assertTrue(has(cp, "TenantControlPlane", "replicas", "0 ready, 2 updated, 2 desired"), cp::toString);
        assertTrue(has(cp, "TenantControlPlane", "API server", "The connection to the server 172.18.255.200:6443 "
                + "was refused - did you specify the right host or port?"), cp::toString);
        assertTrue(cp.stream().anyMatch(r -> "What the tenant sees".equals(r.category())
                && r.value().startsWith("running pods keep running")), cp::toString);
        b.close();
    }

    @Test
    void aWorkerWhoseKubeletStoppedShowsItsConditionTaintsAndItsPodsReadyCondition() throws Exception {
        var lab = io.gpulab.app.gui.EngineLabOpener.sim().open("article");
        var b = lab.backend();
        var node = Selection.node("tenant-a", "tenant-a-worker");
        var healthy = InspectorModel.rows(b.snapshot(), node, List.of());
        assertTrue(has(healthy, "Conditions", "Ready", "True · KubeletReady: kubelet is posting ready status · since "
                + "00:00:00"), healthy::toString);
        assertTrue(has(healthy, "Taints", "spec.taints", "none"), healthy::toString);
        b.execute(new io.gpulab.engine.api.LabCommand.SubmitPod("tenant-a", java.util.Map.of("apiVersion", "v1",
                "kind", "Pod", "metadata", java.util.Map.of("name", "p", "namespace", "default"), "spec",
                java.util.Map.of("containers", List.of(java.util.Map.of("name", "main", "image", "busybox",
                        "resources", java.util.Map.of("limits", java.util.Map.of("nvidia.com/gpu", 1))))))));
        b.execute(new io.gpulab.engine.api.LabCommand.SetKubelet("tenant-a", "tenant-a-worker", false));
        b.execute(new io.gpulab.engine.api.LabCommand.Advance(java.time.Duration.ofSeconds(50)));
        var s = b.snapshot();
        var rows = InspectorModel.rows(s, node, List.of());
        assertTrue(has(rows, "Conditions", "Ready", "Unknown · NodeStatusUnknown: Kubelet stopped posting node "
                + "status. · since 00:00:50"), rows::toString);
        assertTrue(has(rows, "Taints", "node.kubernetes.io/unreachable:NoSchedule", "added 00:00:50"),
                rows::toString);
        assertTrue(has(rows, "Taints", "node.kubernetes.io/unreachable:NoExecute", "added 00:00:50"),
                rows::toString);
        var pod = InspectorModel.rows(s, Selection.pod("tenant-a", "default/p"), List.of());
        assertTrue(has(pod, "Pod", "phase", "Running"), pod::toString);
        assertTrue(has(pod, "Pod", "Ready", "False · since 00:00:50"), pod::toString);
        // the lab's clock reads 00:00:50: its warning says the same clock, not "since 2026-01-01T00:00:00Z"
        assertTrue(rows.stream().anyMatch(r -> r.category().equals("Warnings")
                && r.value().startsWith("kubelet down since 00:00:00 (fault)")), rows::toString);
        // annotations are HAMi's data, quoted as written; every other time is the lab clock's
        assertTrue(rows.stream().filter(r -> !r.category().equals("Annotations")).noneMatch(r -> r.value().matches("(?s).*\\d{4}-\\d\\d-\\d\\d[T ]\\d\\d:.*")),
                rows::toString);
        b.close();
    }

    @Test
    void cardShowsUsageAgainstCapacity() {
        var rows = InspectorModel.rows(Fixtures.articleAfterFourPods(false), Selection.card("tenant-a", "GPU-0"),
                List.of());
        assertTrue(has(rows, "Card", "memory", "60,000 / 81,920 MB"), rows::toString);
        assertTrue(has(rows, "Card", "sharing slots", "3 / 10"), rows::toString);
    }

    @Test
    void lockedNodeShowsHolderAndVirtualCountdown() {
        var rows = InspectorModel.rows(Fixtures.articleAfterFourPods(true),
                Selection.node("tenant-a", "tenant-a-worker"), List.of());
        assertTrue(has(rows, "Node lock", "holder", "default/gpu-pod-3"), rows::toString);
        assertTrue(has(rows, "Node lock", "expires in", "3:55"), rows::toString);
    }

    @Test
    void objectsThatNoLongerExistShowNothing() {
        assertTrue(InspectorModel.rows(Fixtures.articleAfterFourPods(false), Selection.pod("tenant-a", "default/gone"),
                List.of()).isEmpty());
    }
}
