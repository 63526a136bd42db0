package io.gpulab.engine.openb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.Step;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Importing a slice of the real openb trace gives a scenario that loads, in creation order. */
class OpenbImporterTest {

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(OpenbImporterTest.class.getResource("/openb/" + name).toURI());
    }

    private static ObjectNode importSlice(int tenants) throws Exception {
        return new OpenbImporter(CardCatalog.builtIn()).toScenario("slice",
                OpenbCsv.nodes(resource("nodes-slice.csv")), OpenbCsv.pods(resource("pods-slice.csv")), tenants);
    }

    private static Scenario load(ObjectNode doc) throws IOException {
        String yaml = new ObjectMapper(new YAMLFactory()).writeValueAsString(doc);
        return new ScenarioReader().read("slice.yaml", new StringReader(yaml), false);
    }

    @Test
    void readsTheCsvColumns() throws Exception {
        List<OpenbPod> pods = OpenbCsv.pods(resource("pods-slice.csv"));
        assertEquals(100, pods.size());
        assertEquals("openb-pod-0001", pods.get(1).name());
        assertEquals(460, pods.get(1).gpuMilli());
        assertEquals(427061L, pods.get(1).creationTime());
        assertEquals(12902960L, pods.get(1).deletionTime());
        assertEquals(20, OpenbCsv.nodes(resource("nodes-slice.csv")).size());
    }

    @Test
    void nodesBecomeWorkersWithCatalogOrExplicitCards() throws Exception {
        Scenario s = load(importSlice(1));
        List<WorkerSpec> workers = s.lab().tenants().get(0).workers();
        assertEquals(20, workers.size());
        CardSpec p100 = workers.get(0).cards().get(0);
        assertEquals("P100-16GB", p100.model());
        assertEquals(2, p100.count());
        assertEquals(64, workers.get(0).cpu());
        CardSpec g2 = workers.stream().filter(w -> w.name().equals("openb-node-0026")).findFirst().orElseThrow()
                .cards().get(0);
        assertEquals("NVIDIA-OPENB-G2", g2.type());
        assertEquals(32768, g2.memoryMB());
        assertEquals(8, g2.count());
    }

    @Test
    void podsAreSubmittedInCreationOrderCpuOnlyPodsIncluded() throws Exception {
        Scenario s = load(importSlice(1));
        List<Step.Submit> submits = s.steps().stream().filter(Step.Submit.class::isInstance)
                .map(Step.Submit.class::cast).toList();
        assertEquals(100, submits.size(), "94 GPU pods and 6 CPU-only pods");
        Step.Submit cpuOnly = submits.stream().filter(x -> limits(x.manifest()) == null).findFirst().orElseThrow();
        assertTrue(requests(cpuOnly.manifest()).containsKey("cpu"), "a CPU-only pod still requests its CPU");
        Step.Submit second = submits.get(1);
        assertEquals("default/openb-pod-0001", second.pod());
        Map<?, ?> limits = limits(second.manifest());
        assertEquals(1, limits.get("nvidia.com/gpu"));
        assertEquals(46, limits.get("nvidia.com/gpucores"));
        assertEquals(46, limits.get("nvidia.com/gpumem-percentage"));
        assertTrue(submits.stream()
                .anyMatch(x -> limits(x.manifest()) != null
                        && Integer.valueOf(8).equals(limits(x.manifest()).get("nvidia.com/gpu"))));
    }

    @Test
    void deletionsFollowTheirCreationAndTimeAdvancesBetween() throws Exception {
        Scenario s = load(importSlice(1));
        Set<String> live = new HashSet<>();
        long advances = 0;
        for (Step st : s.steps()) {
            if (st instanceof Step.Submit sub) {
                live.add(sub.pod());
            } else if (st instanceof Step.Delete d) {
                assertTrue(live.remove(d.pod()), "deleted before created: " + d.pod());
            } else if (st instanceof Step.Advance) {
                advances++;
            }
        }
        assertTrue(advances > 10);
    }

    @Test
    void tenantsShareNodesAndPodsRoundRobin() throws Exception {
        Scenario s = load(importSlice(2));
        assertEquals(2, s.lab().tenants().size());
        assertEquals(10, s.lab().tenants().get(1).workers().size());
        assertTrue(s.steps().stream().anyMatch(st -> "tenant-2".equals(st.tenant())));
    }

    @Test
    void tooManyTenantsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> importSlice(21));
    }

    @Test
    void gpuSpecBecomesHamisUseGpuType(@TempDir Path dir) throws Exception {
        Path pods = dir.resolve("pods.csv");
        Files.writeString(pods, "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,"
                + "deletion_time,scheduled_time\np0,1000,1024,1,500,V100M16|G2,LS,Running,0,,0\n");
        ObjectNode doc = new OpenbImporter(CardCatalog.builtIn()).toScenario("spec",
                OpenbCsv.nodes(resource("nodes-slice.csv")), OpenbCsv.pods(pods), 1);
        JsonNode meta = doc.at("/steps/0/submit/pod/metadata");
        assertEquals("NVIDIA-Tesla V100-SXM2-16GB,NVIDIA-OPENB-G2",
                meta.get("annotations").get("nvidia.com/use-gputype").asText());
        assertEquals(1, doc.get("steps").size(), "a pod without deletion_time is never deleted");
    }

    @Test
    void badRowNamesFileAndLine(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("nodes.csv");
        Files.writeString(csv, "sn,cpu_milli,memory_mib,gpu,model\nn0,64000,262144,2,P100\nn1,lots,1,1,T4\n");
        IOException e = assertThrows(IOException.class, () -> OpenbCsv.nodes(csv));
        assertTrue(e.getMessage().startsWith(csv + ":3:"), e.getMessage());
    }

    @Test
    void aListWithoutTimeColumnsArrivesInFileOrderAndNeverLeaves(@TempDir Path dir) throws Exception {
        Path pods = dir.resolve("pods.csv");
        Files.writeString(pods, "name,cpu_milli,memory_mib,num_gpu,gpu_milli\np-b,1000,1024,1,500\n"
                + "p-a,2000,2048,0,0\np-c,8000,4096,2,1000\n");
        OpenbImporter.Imported imp = new OpenbImporter(CardCatalog.builtIn()).importTrace("multi",
                OpenbCsv.nodes(resource("nodes-slice.csv")), OpenbCsv.pods(pods), OpenbImporter.Options.TRACE);
        Scenario s = load(imp.scenario());
        assertEquals(List.of("default/p-b", "default/p-a", "default/p-c"), s.steps().stream().map(Step::pod).toList());
        assertTrue(s.steps().stream().allMatch(Step.Submit.class::isInstance), "no advance, no delete");
        assertEquals(Map.of(), imp.skipped());
        assertEquals(2, imp.gpuPods());
    }

    @Test
    void aListMixingRowsWithAndWithoutTimesIsRefused(@TempDir Path dir) throws Exception {
        Path pods = dir.resolve("pods.csv");
        Files.writeString(pods, "name,cpu_milli,memory_mib,num_gpu,gpu_milli,creation_time\np0,1,1,1,500,0\n"
                + "p1,1,1,1,500,\n");
        // refused where the file is read, naming file and line (OpenbValidation)
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> OpenbCsv.pods(pods));
        assertEquals(pods + ":3: creation_time: empty while 1 other rows have one (give every row a time, or none)",
                e.getMessage());
    }

    @Test
    void fgdArrivalsResampleToTheInflatedDemandShuffledBySeedWithNoDepartures() throws Exception {
        List<OpenbNode> nodes = OpenbCsv.nodes(resource("nodes-slice.csv"));
        List<OpenbPod> trace = OpenbCsv.pods(resource("pods-slice.csv"));
        OpenbImporter importer = new OpenbImporter(CardCatalog.builtIn());
        OpenbImporter.Options fgd = new OpenbImporter.Options(1, Arrivals.FGD, 1.3, 42);
        OpenbImporter.Imported a = importer.importTrace("fgd", nodes, trace, fgd);
        Scenario s = load(a.scenario());
        assertTrue(s.steps().stream().allMatch(Step.Submit.class::isInstance), "all submitted, none deleted");
        long capacity = FgdWorkload.capacity(nodes);
        long demand = FgdWorkload.tune(trace, capacity, 1.3, 42).stream().mapToLong(FgdWorkload::milli).sum();
        // the artifact's stop test adds the drawn pod's per-card gpu_milli (FgdWorkloadTest)
        assertTrue(demand > 1.3 * capacity - 1000 && demand <= 1.3 * capacity + 7000,
                "demand " + demand + " stops within a card of 1.3 x " + capacity);
        assertTrue(s.steps().stream().map(Step::pod).anyMatch(p -> p.contains("-tuned-")));
        assertEquals(a.scenario(), importer.importTrace("fgd", nodes, trace, fgd).scenario(), "same seed, same");
        assertTrue(!a.scenario().equals(importer.importTrace("fgd", nodes, trace,
                new OpenbImporter.Options(1, Arrivals.FGD, 1.3, 43)).scenario()), "another seed, another order");
        List<String> names = s.steps().stream().map(Step::pod).toList();
        assertEquals(names.size(), new HashSet<>(names).size(), "resampled copies get their own names");
    }

    private static Map<?, ?> requests(Map<String, Object> manifest) {
        JsonNode n = new ObjectMapper().valueToTree(manifest);
        return new ObjectMapper().convertValue(n.at("/spec/containers/0/resources/requests"), Map.class);
    }

    private static Map<?, ?> limits(Map<String, Object> manifest) {
        JsonNode n = new ObjectMapper().valueToTree(manifest);
        return new ObjectMapper().convertValue(n.at("/spec/containers/0/resources/limits"), Map.class);
    }
}
