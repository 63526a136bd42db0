package io.gpulab.engine.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.openb.OpenbCsv;
import io.gpulab.engine.openb.OpenbImporter;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark (not a test): heap retained per pending pod on the openb cluster. Submits pods that no node can take,
 * each with its own request (so no two pods share a failed answer), and reports the live-heap growth per pod after
 * full collections. Run: {@code java -cp <engine test classpath> io.gpulab.engine.bench.PendingPodMemory
 * NODES.csv [PODS] [cpu|hami|cpu-same|hami-same]}; {@code cpu}: rejected by kube's NodeResourcesFit on every node,
 * {@code hami}: by HAMi's filter on every node (a GPU type no node has); {@code -same}: all pods ask the same.
 */
public final class PendingPodMemory {

    private PendingPodMemory() {
    }

    public static void main(String[] args) throws Exception {
        Path nodes = Path.of(args[0]);
        int pods = args.length > 1 ? Integer.parseInt(args[1]) : 5000;
        boolean hami = args.length > 2 && args[2].startsWith("hami");
        // "hami-same" / "cpu-same": every pod asks the same (pods of a replay repeat a few dozen requests)
        boolean same = args.length > 2 && args[2].endsWith("-same");
        var doc = new OpenbImporter(CardCatalog.builtIn()).toScenario("mem", OpenbCsv.nodes(nodes), List.of(), 1);
        Scenario s = new ScenarioReader().read("mem.json",
                new StringReader(new ObjectMapper().writeValueAsString(doc)), true);
        try (LabBackend lab = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            for (int i = 0; i < 200; i++) {
                submit(lab, "warm-" + i, i, hami);
            }
            long before = LiveHeap.bytes();
            for (int i = 0; i < pods; i++) {
                submit(lab, "p-" + i, same ? 0 : 200 + i, hami);
            }
            long after = LiveHeap.bytes();
            String msg = lab.pod("tenant-1", "default/p-0").orElseThrow().message();
            System.out.printf(Locale.ROOT, "%d nodes, %d pending pods (%s): %.0f bytes retained per pending pod%n"
                    + "message: %s%n", s.lab().tenants().get(0).workers().size(), pods, hami ? "HAMi" : "kube",
                    (after - before) / (double) pods, msg.length() > 200 ? msg.substring(0, 200) + "..." : msg);
            if (System.getenv("HOLD") != null) {
                System.out.println("holding for a heap histogram");
                Thread.sleep(Long.parseLong(System.getenv("HOLD")));
            }
        }
    }

    private static void submit(LabBackend lab, String name, int i, boolean hami) {
        Map<String, Object> limits = hami
                ? Map.of("nvidia.com/gpu", 1, "nvidia.com/gpumem", 1000 + i)
                : Map.of("nvidia.com/gpu", 1, "nvidia.com/gpumem", 1000 + i, "cpu", "1000");
        Map<String, Object> meta = hami
                ? Map.of("name", name, "namespace", "default", "annotations", Map.of("nvidia.com/use-gputype", "H100"))
                : Map.of("name", name, "namespace", "default");
        Map<String, Object> pod = Map.of("apiVersion", "v1", "kind", "Pod", "metadata", meta, "spec",
                Map.of("containers", List.of(Map.of("name", "main", "image", "busybox",
                        "resources", Map.of("limits", limits)))));
        if (!lab.execute(new LabCommand.SubmitPod("tenant-1", pod)).accepted()) {
            throw new IllegalStateException("refused " + name);
        }
    }
}
