package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.metrics.LabMetrics;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CPU and memory on the scheduling path: kube-scheduler's NodeResourcesFit runs first with its own reasons, HAMi's
 * extender sees only the nodes that pass, bound pods' requests count until they are gone, CPU-only pods occupy nodes.
 */
class SimHostResourcesTest {

    private static final String T = "t";

    private static SimBackend lab(WorkerSpec... workers) {
        return SimBackend.start(new LabSpec("host", "", HamiSettings.DEFAULTS, LabSpec.LIFECYCLE_COMPLETE,
                List.of(new TenantSpec(T, List.of(workers)))));
    }

    private static WorkerSpec worker(String name, int cpu, int memoryMiB, int cards) {
        return new WorkerSpec(name, cpu, memoryMiB, cards == 0 ? List.of() : List.of(CardSpec.ofModel("A100-80GB",
                cards)), Map.of());
    }

    /** A pod asking {@code cores} % of one card (none when 0), {@code cpu} and {@code memory} as requests. */
    static Map<String, Object> pod(String name, int cores, String cpu, String memory) {
        Map<String, Object> limits = new LinkedHashMap<>();
        if (cores > 0) {
            limits.put("nvidia.com/gpu", 1);
            limits.put("nvidia.com/gpumem", 1000);
            limits.put("nvidia.com/gpucores", cores);
        }
        Map<String, Object> requests = new LinkedHashMap<>();
        if (!cpu.isEmpty()) {
            requests.put("cpu", cpu);
        }
        if (!memory.isEmpty()) {
            requests.put("memory", memory);
        }
        return Map.of("apiVersion", "v1", "kind", "Pod", "metadata", Map.of("name", name, "namespace", "default"),
                "spec", Map.of("containers", List.of(Map.of("name", "main", "image", "busybox",
                        "resources", Map.of("limits", limits, "requests", requests)))));
    }

    private static PodView submit(SimBackend b, Map<String, Object> manifest) {
        assertTrue(b.execute(new LabCommand.SubmitPod(T, manifest)).accepted());
        @SuppressWarnings("unchecked")
        String name = (String) ((Map<String, Object>) manifest.get("metadata")).get("name");
        return b.pod(T, "default/" + name).orElseThrow();
    }

    @Test
    void aGpuPodShortOfCpuGetsKubesMessageAndHamiIsNeverAsked() {
        try (SimBackend b = lab(worker("w", 4, 8192, 1))) {
            PodView p = submit(b, pod("big", 10, "6", ""));
            assertEquals("Pending", p.phase());
            assertEquals("0/1 nodes are available: 1 Insufficient cpu.", p.message());
            assertEquals(Map.of("w", "Insufficient cpu"), p.failedNodes());
            assertTrue(b.events().stream().noneMatch(e -> e.reason().startsWith("Filtering")),
                    "the extender is not called when no node passes kube's own filters");
        }
    }

    @Test
    void hamiSeesOnlyTheNodesKubePassedAndChoosesAmongThem() {
        try (SimBackend b = lab(worker("w-1", 2, 65536, 1), worker("w-2", 16, 65536, 1))) {
            // binpack prefers the busier card: w-1 once a share runs there
            assertEquals("w-1", submit(b, pod("first", 30, "", "")).node());
            PodView p = submit(b, pod("second", 30, "4", "1Gi"));
            assertEquals("w-2", p.node());
            LabEvent ok = b.events().stream().filter(e -> e.reason().equals("FilteringSucceed")).reduce((x, y) -> y)
                    .orElseThrow();
            assertEquals("find fit node(w-2), 0 nodes not fit, 1 nodes fit(w-2:0.00)", ok.message(),
                    "HAMi was sent one node");
            PodTrace.Step filter = b.trace(T, "default/second").steps().stream()
                    .filter(s -> s.stage().equals("filter")).findFirst().orElseThrow();
            assertEquals("Insufficient cpu", filter.evidence().get("failedNodes[w-1]"));
        }
    }

    @Test
    void kubesReasonsAndHamisAreCountedTogetherAsKubeFormatsThem() {
        try (SimBackend b = lab(worker("a-cpu", 2, 65536, 1), worker("b-mem", 32, 1024, 1),
                worker("c-card", 32, 65536, 1))) {
            assertEquals("c-card", submit(b, pod("hog", 100, "3", "2Gi")).node());
            PodView p = submit(b, pod("p", 50, "4", "2Gi"));
            assertEquals("Pending", p.phase());
            String card = p.failedNodes().get("c-card");
            assertTrue(card.startsWith("1/1 Card"), card);
            assertEquals("0/3 nodes are available: 1 " + card + ", 1 Insufficient cpu, 1 Insufficient memory.",
                    p.message());
            assertEquals(Map.of("a-cpu", "Insufficient cpu", "b-mem", "Insufficient memory", "c-card", card),
                    p.failedNodes());
        }
    }

    @Test
    void boundPodsHoldTheirRequestsUntilDeletedAndThePendingPodThenRuns() {
        try (SimBackend b = lab(worker("w", 8, 16384, 1))) {
            assertEquals("Running", submit(b, pod("a", 20, "6", "8Gi")).phase());
            NodeView w = b.snapshot().tenants().get(0).nodes().get(0);
            assertEquals(6000, w.cpuRequestedMilli());
            assertEquals(8192, w.memoryRequestedMiB());
            assertEquals("Pending", submit(b, pod("b", 20, "4", "1Gi")).phase());
            assertTrue(b.execute(new LabCommand.DeletePod(T, "default/a")).accepted());
            assertEquals("Running", b.pod(T, "default/b").orElseThrow().phase());
            assertEquals(4000, b.snapshot().tenants().get(0).nodes().get(0).cpuRequestedMilli());
        }
    }

    @Test
    void cpuOnlyPodsOccupyNodesAndGpuPodsThenFindNoRoom() {
        try (SimBackend b = lab(worker("w-1", 8, 32768, 1), worker("w-2", 8, 32768, 1))) {
            PodView first = submit(b, pod("cpu-1", 0, "7", "1Gi"));
            PodView second = submit(b, pod("cpu-2", 0, "7", "1Gi"));
            assertEquals("Running", first.phase());
            // kube's LeastAllocated spreads: the second goes to the emptier node
            assertFalse(first.node().equals(second.node()));
            PodView gpu = submit(b, pod("gpu", 10, "2", ""));
            assertEquals("0/2 nodes are available: 2 Insufficient cpu.", gpu.message());
            PodView cpu = submit(b, pod("cpu-3", 0, "2", ""));
            assertEquals("0/2 nodes are available: 2 Insufficient cpu.", cpu.message());
            LabMetrics m = LabMetrics.of(b.snapshot());
            assertEquals(new LabMetrics.Usage(14000, 16000, 87.5), m.cpu());
            assertEquals(Map.of("Insufficient cpu", 1, "Unschedulable", 1), m.pods().pendingByReason());
        }
    }

    @Test
    void onALargeTenantAPendingPodKeepsNoPerNodeMapButOneIsRecomputedWhenAsked() {
        List<WorkerSpec> workers = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            workers.add(worker("w-%02d".formatted(i), 4, 8192, 1));
        }
        try (SimBackend b = lab(workers.toArray(WorkerSpec[]::new))) {
            PodView asked = submit(b, pod("p", 10, "6", ""));
            assertEquals("0/80 nodes are available: 80 Insufficient cpu.", asked.message());
            assertEquals(80, asked.failedNodes().size(), "the pod as asked for carries every node");
            PodView listed = b.snapshot().tenants().get(0).pod("default/p").orElseThrow();
            assertTrue(listed.failedNodes().isEmpty(), "the snapshot's view keeps none");
            PodTrace.Step filter = b.trace(T, "default/p").steps().stream()
                    .filter(s -> s.stage().equals("filter")).reduce((x, y) -> y).orElseThrow();
            assertEquals("Insufficient cpu", filter.evidence().get("failedNodes[w-79]"));
        }
    }
}
