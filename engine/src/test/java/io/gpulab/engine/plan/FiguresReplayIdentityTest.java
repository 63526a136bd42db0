package io.gpulab.engine.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gpulab.engine.sim.Recording;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plan's replays run without texts ({@link Recording#FIGURES}); every figure must be what the replays with every
 * event, trace and text give. Every built-in plan and every benchmark plan (docs/bench-plans), with robustness orders
 * and growth steps, gives the same {@code plan --json} document both ways, apart from the wall times. openb-8 needs
 * the openb trace, which the repository does not hold: its eight candidates replay a generated trace of the same
 * columns (FGD arrivals as the plan says, and trace arrivals with departures), as shipped and with a handful of
 * workers each so that pods pend, wait and fail, with robustness orders and a growth step; {@code -Dgpulab.openb.dir=DIR} (the folder of the openb CSVs) adds
 * the plan itself.
 */
class FiguresReplayIdentityTest {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static List<String> builtins() {
        return BuiltinPlans.names();
    }

    @ParameterizedTest
    @MethodSource("builtins")
    void builtInPlansGiveTheSameJson(String name) throws IOException {
        String text;
        try (InputStream in = BuiltinPlans.open(name)) {
            assertNotNull(in, name);
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Plan plan = new PlanReader().read(name + ".yaml", text, null);
        sameBothWays(plan);
        // with a growth step that adds pods, so the grown copies' replays are compared too
        sameBothWays(plan.withSensitivity(new SensitivitySpec(3, List.of(0, 40), 7)));
    }

    @Test
    void plan200GivesTheSameJson() throws IOException {
        Path file = Path.of("..", "docs", "bench-plans", "plan-200.yaml");
        Plan plan = new PlanReader().read(file.toString(), Files.readString(file), file.getParent());
        sameBothWays(plan.withSensitivity(new SensitivitySpec(2, List.of(0, 25), 1)));
    }

    @Test
    void openb8CandidatesGiveTheSameJsonOnAGeneratedTrace(@TempDir Path dir) throws IOException {
        writeTrace(dir, 240);
        String text = Files.readString(Path.of("..", "docs", "bench-plans", "openb-8.yaml"))
                .replace("openb_pod_list_default.csv", "pods.csv").replace("openb_node_list_gpu_node.csv", "nodes.csv");
        sameBothWays(new PlanReader().read("openb-8.yaml", text, dir));
        // a handful of workers each: pods pend (kube's CPU and memory, HAMi's cards), locks are contended
        String small = text.replaceAll("workers: \\d+", "workers: 3");
        sameBothWays(new PlanReader().read("openb-8.yaml", small, dir)
                .withSensitivity(new SensitivitySpec(2, List.of(0, 25), 42)));
        // trace arrivals: pods leave, and those waiting are placed later
        String trace = small.replaceAll("arrivals: fgd, inflate: 1.3, seed: 42", "arrivals: trace");
        assertTrue(trace.contains("arrivals: trace"), trace);
        sameBothWays(new PlanReader().read("openb-8.yaml", trace, dir)
                .withSensitivity(new SensitivitySpec(1, List.of(0), 42)));
    }

    @Test
    void openb8OnTheOpenbTrace() throws IOException {
        String dir = System.getProperty("gpulab.openb.dir");
        org.junit.jupiter.api.Assumptions.assumeTrue(dir != null, "set -Dgpulab.openb.dir to the openb CSVs' folder");
        Path file = Path.of("..", "docs", "bench-plans", "openb-8.yaml");
        sameBothWays(new PlanReader().read(file.toString(), Files.readString(file), Path.of(dir))
                .withSensitivity(new SensitivitySpec(1, List.of(0), 42)));
    }

    /** Runs the plan both ways and compares the JSON documents, wall times left out. */
    private static void sameBothWays(Plan plan) throws IOException {
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload());
        String full = json(plan, w, Recording.FULL);
        String figures = json(plan, w, Recording.FIGURES);
        assertTrue(full.contains("\"placed\""), full);
        assertEquals(full, figures, plan.name() + ": figures-only replays changed the plan's JSON");
    }

    private static String json(Plan plan, Workload w, Recording recording) throws IOException {
        PlanResult r = new PlanRunner(CardCatalog.builtIn(), 2, recording).run(plan, w, PlanProgress.NONE,
                new AtomicBoolean());
        return JSON.writeValueAsString(withoutWallTimes(PlanJson.of(r, "test")));
    }

    @SuppressWarnings("unchecked")
    private static Object withoutWallTimes(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<String, Object>) m).forEach((k, v) -> {
                if (!k.equals("wallMs")) {
                    out.put(k, withoutWallTimes(v));
                }
            });
            return out;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(x -> out.add(withoutWallTimes(x)));
            return out;
        }
        return o;
    }

    /**
     * An openb trace of {@code pods} pods on 40 nodes, in the columns of {@code openb_pod_list_default.csv}: shares of a
     * card (gpu_milli), whole cards (1, 2, 4, 8), CPU-only pods, a card model asked for now and then, pods that come
     * and go.
     */
    static void writeTrace(Path dir, int pods) throws IOException {
        Random rnd = new Random(22);
        StringBuilder nodes = new StringBuilder("sn,cpu_milli,memory_mib,gpu,model\n");
        String[] models = {"T4", "V100M16", "V100M32", "A10", "G2"};
        for (int i = 0; i < 40; i++) {
            nodes.append("n").append(i).append(",96000,393216,").append(i % 5 == 4 ? 4 : 8).append(',')
                    .append(models[i % models.length]).append('\n');
        }
        StringBuilder out = new StringBuilder("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
                + "creation_time,deletion_time,scheduled_time\n");
        for (int i = 0; i < pods; i++) {
            int kind = rnd.nextInt(10);
            int gpus = kind < 5 ? 1 : kind < 7 ? 1 << rnd.nextInt(4) : kind < 9 ? 1 : 0;
            int milli = kind < 5 ? 100 * (1 + rnd.nextInt(9)) : gpus == 0 ? 0 : 1000;
            String spec = rnd.nextInt(8) == 0 ? "V100M32" : "";
            int created = 10 * i;
            out.append("p").append(i).append(',').append(1000 * (1 + rnd.nextInt(32))).append(',')
                    .append(1024 * (1 + rnd.nextInt(96))).append(',').append(gpus).append(',').append(milli).append(',')
                    .append(spec).append(",LS,Running,").append(created).append(',')
                    .append(created + 50 + rnd.nextInt(3000)).append(',').append(created).append('\n');
        }
        Files.writeString(dir.resolve("nodes.csv"), nodes);
        Files.writeString(dir.resolve("pods.csv"), out);
    }
}
