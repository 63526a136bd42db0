package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.NodeTaint;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.StatusCondition;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.TENANT_B;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker's kubelet down: Kubernetes' node lifecycle (Ready=Unknown and the unreachable taints after the grace,
 * eviction 300 s later), HAMi keeping the node, the grace window's bind that never starts, and the tenant's
 * kube-controller-manager down leaving the node Ready.
 */
class SimWorkerKubeletTest {

    static final String TAINT = "0/1 nodes are available: 1 node(s) had untolerated taint "
            + "{node.kubernetes.io/unreachable: }.";
    static final String NOT_READY = "Ready=False: node tenant-a-worker is Ready=Unknown (Kubelet stopped posting "
            + "node status.); whether the containers still run is not known (no kubelet reports them)";
    static final String NEVER_STARTED = "bound to tenant-a-worker whose kubelet is down: never started (no kubelet, "
            + "so no status update)";
    static final String NODE_NOTE = "Ready=Unknown (NodeStatusUnknown: Kubelet stopped posting node status.); taints "
            + "node.kubernetes.io/unreachable:NoSchedule, node.kubernetes.io/unreachable:NoExecute";

    private static Optional<PodView> pod(SimBackend sim, String tenant, String name) {
        return sim.snapshot().tenant(tenant).orElseThrow().pod("default/" + name);
    }

    private static NodeView node(SimBackend sim, String tenant, String name) {
        return sim.snapshot().tenant(tenant).orElseThrow().node(name).orElseThrow();
    }

    private static List<LabEvent> events(CommandResult r, String reason) {
        return r.events().stream().filter(e -> e.reason().equals(reason)).toList();
    }

    @Test
    void theNodeIsMarkedAfterTheGraceItsPodsEvictedAfter300sAndTheOtherTenantIsUntouched() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        assertTrue(sim.execute(Pods.submit(TENANT_A, "before", 1000, 10)).accepted());
        assertTrue(sim.execute(Pods.submit(TENANT_B, "b-before", 1000, 10)).accepted());
        CommandResult down = sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, false));
        assertTrue(down.accepted(), down.message());
        assertEquals(1, events(down, "KubeletStopped").size(), down.events().toString());
        assertTrue(sim.snapshot().tenant(TENANT_A).orElseThrow().controlPlane().has("kubelet of " + WORKER_A
                + ": down"));
        // within the grace nothing is marked: the node reads Ready, its pod Running without a warning
        CommandResult early = sim.execute(new LabCommand.Advance(Duration.ofSeconds(49)));
        assertTrue(events(early, "NodeNotReady").isEmpty(), early.events().toString());
        assertFalse(node(sim, TENANT_A, WORKER_A).warnings().contains(NODE_NOTE));
        assertEquals(List.of(), pod(sim, TENANT_A, "before").orElseThrow().warnings());
        // Kubernetes v1.35's --node-monitor-grace-period: 50 s
        CommandResult marked = sim.execute(new LabCommand.Advance(Duration.ofSeconds(1)));
        List<LabEvent> nodeNotReady = events(marked, "NodeNotReady");
        assertEquals(2, nodeNotReady.size(), marked.events().toString());
        assertEquals("Node/" + WORKER_A, nodeNotReady.get(0).object());
        assertEquals("node-controller", nodeNotReady.get(0).source());
        assertTrue(nodeNotReady.get(0).message().startsWith("Node tenant-a-worker status is now: NodeNotReady "
                + "(Ready=Unknown, NodeStatusUnknown: Kubelet stopped posting node status.); taints "
                + "node.kubernetes.io/unreachable:NoSchedule and node.kubernetes.io/unreachable:NoExecute added"),
                nodeNotReady.get(0).message());
        assertEquals("Node is not ready", nodeNotReady.get(1).message());
        assertTrue(node(sim, TENANT_A, WORKER_A).warnings().contains(NODE_NOTE));
        PodView before = pod(sim, TENANT_A, "before").orElseThrow();
        assertEquals("Running", before.phase(), "no kubelet: no status update, the pod reads Running");
        assertEquals(List.of(NOT_READY), before.warnings());
        // kube-scheduler's TaintToleration (before HAMi's extender) refuses the node
        sim.execute(Pods.submit(TENANT_A, "after", 1000, 10));
        PodView after = pod(sim, TENANT_A, "after").orElseThrow();
        assertEquals("Pending", after.phase());
        assertEquals("", after.node());
        assertEquals(TAINT, after.message());
        // tenant-b: nothing changed
        assertEquals(List.of(), node(sim, TENANT_B, WORKER_B).warnings());
        assertEquals(List.of(), pod(sim, TENANT_B, "b-before").orElseThrow().warnings());
        assertTrue(sim.execute(Pods.submit(TENANT_B, "b-after", 1000, 10)).accepted());
        assertEquals("Running", pod(sim, TENANT_B, "b-after").orElseThrow().phase());
        // the taint-eviction controller: tolerationSeconds 300 from the taint
        CommandResult notYet = sim.execute(new LabCommand.Advance(Duration.ofSeconds(299)));
        assertTrue(events(notYet, "TaintManagerEviction").isEmpty());
        CommandResult evicted = sim.execute(new LabCommand.Advance(Duration.ofSeconds(1)));
        List<LabEvent> ev = events(evicted, "TaintManagerEviction");
        assertEquals(1, ev.size(), evicted.events().toString());
        assertEquals("Marking for deletion Pod default/before", ev.get(0).message());
        assertEquals("taint-eviction-controller", ev.get(0).source());
        assertTrue(pod(sim, TENANT_A, "before").isEmpty(), "evicted: deleted from the API server");
        assertEquals(TAINT, pod(sim, TENANT_A, "after").orElseThrow().message(),
                "the card is free now, the node still tainted");
        assertEquals("Running", pod(sim, TENANT_B, "b-before").orElseThrow().phase());
        // heal: Ready again, taints removed, the waiting pod placed
        CommandResult up = sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, true));
        assertTrue(up.accepted(), up.message());
        assertEquals("Node tenant-a-worker status is now: NodeReady; kube-controller-manager removed the taints "
                + "node.kubernetes.io/unreachable:NoSchedule and node.kubernetes.io/unreachable:NoExecute",
                events(up, "NodeReady").get(0).message());
        assertEquals(List.of(), node(sim, TENANT_A, WORKER_A).warnings());
        assertFalse(sim.snapshot().tenant(TENANT_A).orElseThrow().controlPlane().has("kubelet of " + WORKER_A
                + ": down"));
        PodView placed = pod(sim, TENANT_A, "after").orElseThrow();
        assertEquals("Running", placed.phase());
        assertEquals(WORKER_A, placed.node());
    }

    @Test
    void theNodeCarriesItsConditionAndTaintsAndThePodItsReadyConditionAsTheApiServerShowsThem() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(10)));
        assertTrue(sim.execute(Pods.submit(TENANT_A, "before", 1000, 10)).accepted());
        StatusCondition healthy = new StatusCondition("Ready", "True", "KubeletReady", "kubelet is posting ready status",
                t0);
        assertEquals(List.of(healthy), node(sim, TENANT_A, WORKER_A).conditions(), "registered when the lab was built");
        assertEquals(List.of(), node(sim, TENANT_A, WORKER_A).taints());
        assertEquals(new StatusCondition("Ready", "True", "", "", t0.plusSeconds(10)),
                pod(sim, TENANT_A, "before").orElseThrow().ready(), "ready since the kubelet started it");
        sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, false));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(49)));
        assertEquals(List.of(healthy), node(sim, TENANT_A, WORKER_A).conditions(), "the grace: the last status stands");
        assertEquals("True", pod(sim, TENANT_A, "before").orElseThrow().ready().status());
        assertTrue(sim.execute(Pods.submit(TENANT_A, "window", 1000, 10)).accepted());
        assertEquals(null, pod(sim, TENANT_A, "window").orElseThrow().ready(), "bound, no kubelet: no conditions");
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(1)));
        Instant marked = t0.plusSeconds(60);
        NodeView n = node(sim, TENANT_A, WORKER_A);
        assertEquals(List.of(new StatusCondition("Ready", "Unknown", "NodeStatusUnknown",
                "Kubelet stopped posting node status.", marked)), n.conditions());
        assertEquals(List.of(new NodeTaint("node.kubernetes.io/unreachable", "", "NoSchedule", marked),
                new NodeTaint("node.kubernetes.io/unreachable", "", "NoExecute", marked)), n.taints());
        assertEquals("Ready=Unknown (NodeStatusUnknown: Kubelet stopped posting node status.)",
                n.ready().orElseThrow().text());
        PodView before = pod(sim, TENANT_A, "before").orElseThrow();
        assertEquals("Running", before.phase());
        assertEquals(new StatusCondition("Ready", "False", "", "", marked), before.ready(),
                "MarkPodsNotReady: False, no reason of its own");
        assertEquals(List.of(healthy), node(sim, TENANT_B, WORKER_B).conditions(), "tenant-b untouched");
        assertEquals(List.of(), node(sim, TENANT_B, WORKER_B).taints());
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(5)));
        sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, true));
        Instant back = marked.plusSeconds(5);
        assertEquals(List.of(new StatusCondition("Ready", "True", "KubeletReady", "kubelet is posting ready status",
                back)), node(sim, TENANT_A, WORKER_A).conditions());
        assertEquals(List.of(), node(sim, TENANT_A, WORKER_A).taints());
        assertEquals(new StatusCondition("Ready", "True", "", "", back), pod(sim, TENANT_A, "before").orElseThrow()
                .ready());
        assertEquals(new StatusCondition("Ready", "True", "", "", back), pod(sim, TENANT_A, "window").orElseThrow()
                .ready(), "started by the kubelet that came back");
    }

    @Test
    void aPodBoundInTheGraceWindowNeverStartsAndStartsWhenTheKubeletIsBack() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, false));
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(20)));
        assertTrue(sim.execute(Pods.submit(TENANT_A, "window", 1000, 10)).accepted());
        PodView w = pod(sim, TENANT_A, "window").orElseThrow();
        assertEquals("Pending", w.phase(), "bound, never Running");
        assertEquals(WORKER_A, w.node(), "HAMi kept the node: allocatable nvidia.com/gpu > 0, no taint yet");
        assertEquals("", w.reason());
        assertEquals(List.of(NEVER_STARTED), w.warnings());
        PodTrace.Step run = sim.trace(TENANT_A, "default/window").steps().stream()
                .filter(s -> s.stage().equals("run")).findFirst().orElseThrow();
        assertEquals(PodTrace.Outcome.WAITING, run.outcome());
        assertTrue(run.summary().startsWith("bound to tenant-a-worker, whose kubelet is down"), run.summary());
        sim.execute(new LabCommand.Advance(Duration.ofSeconds(30)));
        assertEquals("Pending", pod(sim, TENANT_A, "window").orElseThrow().phase(), "still never started");
        assertEquals(WORKER_A, pod(sim, TENANT_A, "window").orElseThrow().node());
        sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, true));
        PodView started = pod(sim, TENANT_A, "window").orElseThrow();
        assertEquals("Running", started.phase());
        assertEquals(List.of(), started.warnings());
    }

    @Test
    void withKubeControllerManagerDownNobodyMarksTheNodeUntilItWorksAgainAndWaitsAWholeGrace() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        assertTrue(sim.execute(Pods.submit(TENANT_A, "before", 1000, 10)).accepted());
        sim.execute(new LabCommand.SetControlPlaneComponent(TENANT_A, "kube-controller-manager", false));
        sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, false));
        CommandResult long_ = sim.execute(new LabCommand.Advance(Duration.ofMinutes(10)));
        assertTrue(events(long_, "NodeNotReady").isEmpty(), long_.events().toString());
        assertTrue(events(long_, "TaintManagerEviction").isEmpty());
        assertFalse(node(sim, TENANT_A, WORKER_A).warnings().contains(NODE_NOTE), "nobody marks it: Ready");
        assertEquals(List.of(), pod(sim, TENANT_A, "before").orElseThrow().warnings());
        // still Ready and untainted: the next pod is bound there and never starts
        sim.execute(Pods.submit(TENANT_A, "bound", 1000, 10));
        assertEquals(WORKER_A, pod(sim, TENANT_A, "bound").orElseThrow().node());
        assertEquals("Pending", pod(sim, TENANT_A, "bound").orElseThrow().phase());
        // a working controller-manager observes the node afresh: a whole grace from now
        sim.execute(new LabCommand.SetControlPlaneComponent(TENANT_A, "kube-controller-manager", true));
        assertTrue(events(sim.execute(new LabCommand.Advance(Duration.ofSeconds(49))), "NodeNotReady").isEmpty());
        assertEquals(2 + 1, events(sim.execute(new LabCommand.Advance(Duration.ofSeconds(1))), "NodeNotReady")
                .size(), "the node and its two pods");
        assertTrue(node(sim, TENANT_A, WORKER_A).warnings().contains(NODE_NOTE));
    }

    @Test
    void anUnknownWorkerAndARepeatedStepAreAnswered() {
        SimBackend sim = SimBackend.start(ArticleLab.spec());
        CommandResult r = sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_B, false));
        assertFalse(r.accepted());
        assertEquals("tenant-a: Error from server (NotFound): nodes \"tenant-b-worker\" not found", r.message());
        assertEquals("kubelet of tenant-a-worker (tenant-a) is already up",
                sim.execute(new LabCommand.SetKubelet(TENANT_A, WORKER_A, true)).message());
    }
}
