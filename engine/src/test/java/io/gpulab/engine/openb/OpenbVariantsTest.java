package io.gpulab.engine.openb;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.Step;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every column set the published cluster-trace-gpu-v2023 uses (docs/openb.md, "Variants") imports and replays in
 * both arrival modes. The rows are copied from the published files: the pod lists {@code default}, {@code cpu*},
 * {@code gpushare*} and {@code gpuspec*} share one header (gpuspec rows name several models, a Pending pod has no
 * {@code scheduled_time}); {@code multigpu*} has five columns and no times; the node lists {@code gpu_node} and
 * {@code all_node} share a header, the latter with CPU-only nodes whose {@code model} is empty.
 */
class OpenbVariantsTest {

    private static final String FULL_HEADER =
            "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";

    /** default / cpu050..cpu300 / gpushare20..100: no gpu_spec; a CPU-only pod; an 8-card pod. */
    private static final String DEFAULT_PODS = FULL_HEADER + """
            openb-pod-0000,12000,16384,1,1000,,LS,Running,0,12537496,0
            openb-pod-0001,6000,12288,1,460,,LS,Running,427061,12902960,427061
            openb-pod-0005,20000,65536,0,0,,LS,Running,3019330,11815163,3019331
            openb-pod-0015,88000,327680,8,1000,,Burstable,Succeeded,9437497,10769854,9437497
            openb-pod-0020,4000,15258,1,220,,BE,Running,9679175,9973826,9679175
            openb-pod-0023,4000,15258,1,110,,LS,Running,9823530,10197645,9823530
            """;

    /** gpuspec05..33: acceptable models joined by '|'; a Pending pod leaves scheduled_time empty. */
    private static final String GPUSPEC_PODS = FULL_HEADER + """
            openb-pod-0008,12000,16384,1,1000,V100M16|V100M32,LS,Running,4975773,12902960,4975773
            openb-pod-0011,8000,32768,1,1000,T4,LS,Running,6588193,10959245,6595531
            openb-pod-0012,8000,16384,1,1000,G2,LS,Running,6976821,10650110,6976823
            openb-pod-0019,8000,30517,1,440,G2|P100|T4|V100M16|V100M32,LS,Running,9671707,12902960,9671708
            openb-pod-0020,4000,15258,1,220,T4,BE,Running,9679175,9973826,9679175
            openb-pod-0055,11908,47104,1,1000,,BE,Pending,10001278,10001403,
            """;

    /** multigpu20/30/40/50: five columns, no times. */
    private static final String MULTIGPU_PODS = """
            name,cpu_milli,memory_mib,num_gpu,gpu_milli
            openb-pod-0000,12000,16384,1,1000
            openb-pod-0001,6000,12288,1,460
            openb-pod-0005,20000,65536,0,0
            openb-pod-0017,88000,327680,8,1000
            openb-pod-0422,17400,43008,2,1000
            openb-pod-0039,4000,15258,1,50
            """;

    /** openb_node_list_gpu_node.csv: every node has cards. */
    private static final String GPU_NODES = """
            sn,cpu_milli,memory_mib,gpu,model
            openb-node-0228,128000,786432,8,G3
            openb-node-0229,96000,786432,8,V100M32
            openb-node-0233,32000,131072,4,V100M16
            openb-node-0234,96000,393216,8,G2
            openb-node-0244,104000,524288,2,T4
            openb-node-0259,16000,122880,2,P100
            """;

    /** openb_node_list_all_node.csv: CPU-only nodes have gpu 0 and an empty model. */
    private static final String ALL_NODES = """
            sn,cpu_milli,memory_mib,gpu,model
            openb-node-0000,32000,262144,0,
            openb-node-0081,96000,524288,0,
            openb-node-0123,64000,262144,2,P100
            openb-node-0228,128000,786432,8,G3
            openb-node-0229,96000,786432,8,V100M32
            openb-node-0234,96000,393216,8,G2
            openb-node-0244,104000,524288,2,T4
            """;

    static Stream<Arguments> variants() {
        return Stream.of(Arrivals.TRACE, Arrivals.FGD).flatMap(a -> Stream.of(
                Arguments.of("default", DEFAULT_PODS, "gpu_node", GPU_NODES, a),
                Arguments.of("gpuspec", GPUSPEC_PODS, "gpu_node", GPU_NODES, a),
                Arguments.of("multigpu", MULTIGPU_PODS, "gpu_node", GPU_NODES, a),
                Arguments.of("default", DEFAULT_PODS, "all_node", ALL_NODES, a),
                Arguments.of("multigpu", MULTIGPU_PODS, "all_node", ALL_NODES, a)));
    }

    @ParameterizedTest(name = "{0} pods on {2} nodes, {4} arrivals")
    @MethodSource("variants")
    void importsAndReplays(String podShape, String podCsv, String nodeShape, String nodeCsv, Arrivals arrivals,
                           @TempDir Path dir) throws Exception {
        Path pods = Files.writeString(dir.resolve("openb_pod_list_" + podShape + ".csv"), podCsv);
        Path nodes = Files.writeString(dir.resolve("openb_node_list_" + nodeShape + ".csv"), nodeCsv);
        List<OpenbPod> trace = OpenbCsv.pods(pods);
        List<OpenbNode> workers = OpenbCsv.nodes(nodes);
        assertEquals(podCsv.lines().count() - 1, trace.size(), "every row read");
        assertEquals(nodeCsv.lines().count() - 1, workers.size(), "every node read");

        OpenbImporter.Imported imp = new OpenbImporter(CardCatalog.builtIn()).importTrace(podShape, workers, trace,
                new OpenbImporter.Options(1, arrivals, 1.3, 42));
        String yaml = new ObjectMapper(new YAMLFactory()).writeValueAsString(imp.scenario());
        Scenario s = new ScenarioReader().read(podShape + ".yaml", new StringReader(yaml), false);
        long submits = s.steps().stream().filter(Step.Submit.class::isInstance).count();
        long deletes = s.steps().stream().filter(Step.Delete.class::isInstance).count();
        assertEquals(imp.pods(), submits, "every pod of the workload is submitted");
        if (arrivals == Arrivals.FGD) {
            assertTrue(submits > trace.size(), "resampled beyond the trace: " + submits);
            assertEquals(0, deletes, "FGD arrivals never delete");
        } else {
            assertEquals(trace.size(), submits, "trace arrivals submit each row once");
            // a list with times deletes each pod at its deletion_time; one without never deletes
            assertEquals(imp.timed() ? trace.size() : 0, deletes);
        }

        RunResult r;
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            r = new ScenarioRunner(b).run(s);
        }
        assertEquals(s.steps().size(), r.steps().size(), "the replay ran every step");
        LabMetrics m = r.summary().metrics();
        assertEquals(workers.size(), m.nodes());
        assertEquals(workers.stream().mapToInt(OpenbNode::gpu).sum(), m.cards());
        long arrived = s.steps().stream().filter(Step.Submit.class::isInstance)
                .mapToLong(st -> AllocationCurve.demandMilli(((Step.Submit) st).manifest())).sum();
        List<AllocationCurve.Point> curve = r.summary().curve();
        // the curve ends on the nearest whole percent of the demand that arrived, as FGD's analysis files it
        assertEquals((arrived * 100 + m.gpuAllocation().capacity() / 2) / m.gpuAllocation().capacity(),
                curve.get(curve.size() - 1).arrivedPct());
        if (arrivals == Arrivals.FGD || !imp.timed()) {
            // nothing leaves: every pod is listed, placed or pending, and some GPU work is placed
            assertEquals(imp.pods(), m.pods().total(), "every submitted pod is listed");
            assertEquals(imp.pods(), m.pods().running() + m.pods().pending());
            assertTrue(m.gpuAllocation().used() > 0, "GPU pods were placed");
        } else {
            assertEquals(0, m.pods().total(), "every pod left at its deletion_time");
        }
    }
}
