package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where gpulab disagreed with a deployed HAMi v2.10 (issue 24): each case through the CLI, with the HAMi source that
 * decides it.
 */
class DeployedHamiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path dir;

    private static final String REGISTER = "[{\"id\":\"GPU-a\",\"count\":10,\"devmem\":81920,\"devcore\":100,"
            + "\"type\":\"NVIDIA A100-SXM4-80GB\",\"health\":true}]";

    /** A kubectl dump of one node whose device plugin registered one A100. */
    private Path dump() throws Exception {
        return Files.writeString(dir.resolve("dump.yaml"), """
                apiVersion: v1
                kind: List
                items:
                  - apiVersion: v1
                    kind: Node
                    metadata:
                      name: w1
                      annotations:
                        hami.io/node-nvidia-register: '%s'
                    status:
                      capacity: {cpu: "8", memory: 16Gi}
                """.formatted(REGISTER));
    }

    private static ObjectNode pod(String name, String limits) throws Exception {
        return (ObjectNode) YAML.readTree("""
                apiVersion: v1
                kind: Pod
                metadata: {name: %s}
                spec:
                  containers:
                    - name: main
                      image: busybox
                      resources: {limits: {%s}}
                """.formatted(name, limits));
    }

    private JsonNode run(Path scenario) {
        CliHarness.Result r = CliHarness.run("run", scenario.toString(), "--json");
        assertTrue(r.exit() == 0 || r.exit() == 1, r.out() + r.err());
        try {
            return JSON.readTree(r.out());
        } catch (Exception e) {
            throw new AssertionError(r.out() + r.err(), e);
        }
    }

    /**
     * HAMi's webhook (pkg/device/nvidia/device.go, defaultExclusiveCoreIfNeeded): with the chart's {@code resourceMem:
     * ""} a container asking only {@code nvidia.com/gpu} is exclusive and gets {@code nvidia.com/gpucores: 100};
     * GenerateResourceRequests then reads no memory, so the container books the whole card. The import writes
     * {@code resourceMem: ""} and run accepts its own import.
     */
    @Test
    void anEmptyMemoryResourceNameRoundTripsAndMakesAGpuOnlyContainerExclusive() throws Exception {
        Path values = Files.writeString(dir.resolve("values.yaml"), "resourceMem: \"\"\n");
        Path s = dir.resolve("s.yaml");
        CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "t=" + dump(), "--hami-values",
                values.toString(), "--out", s.toString());
        assertEquals(0, imp.exit(), imp.err());
        ObjectNode doc = (ObjectNode) YAML.readTree(s.toFile());
        assertEquals("", doc.at("/lab/hami/resourceMem").asText(null));
        assertEquals(0, CliHarness.run("run", s.toString()).exit(), "run refuses its own import");

        ArrayNode steps = doc.putArray("steps");
        steps.addObject().putObject("submit").put("tenant", "t").set("pod", pod("p1", "nvidia.com/gpu: 1"));
        // gpumem is not HAMi's memory resource here: the container still asks for the whole card, exclusively
        steps.addObject().putObject("submit").put("tenant", "t").set("pod",
                pod("p2", "nvidia.com/gpu: 1, nvidia.com/gpumem: 1000"));
        YAML.writeValue(s.toFile(), doc);
        JsonNode out = run(s);
        JsonNode p1 = out.at("/steps/0/observed");
        assertEquals("Running", p1.get("phase").asText(), p1.toString());
        assertEquals(81920, p1.at("/devices/0/memMB").asInt());
        assertEquals(100, p1.at("/devices/0/cores").asInt());
        JsonNode p2 = out.at("/steps/1/observed");
        assertEquals("Pending", p2.get("phase").asText(), p2.toString());
        assertEquals("1/1 CardInsufficientMemory", p2.at("/failedNodes/w1").asText());
        String trace = CliHarness.run("trace", s.toString(), "--pod", "p1").out();
        assertTrue(trace.contains("limits added [main]: {nvidia.com/gpucores=100}"), trace);
    }

    private Path lab(String workerAnnotations, String hami, String... submits) throws Exception {
        StringBuilder steps = new StringBuilder();
        for (String p : submits) {
            steps.append("  - submit: {tenant: t, pod: ").append(p).append("}\n");
        }
        return Files.writeString(dir.resolve("lab.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: deployed}
                lab:
                  hami: {%s}
                  tenants:
                    - name: t
                      workers:
                        - name: w1
                          annotations: {%s}
                          cards: [{model: A100-80GB, count: 2}]
                steps:
                %s""".formatted(hami, workerAnnotations, steps));
    }

    private static final String GPU_POD = "{apiVersion: v1, kind: Pod, metadata: {name: %s}, spec: {containers: "
            + "[{name: main, image: busybox, resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 1000}}}]}}";

    /**
     * HAMi's GetNodeDevices (pkg/device/nvidia/device.go) returns DecodePairScores' error for a
     * {@code hami.io/node-nvidia-score} that does not decode, so the scheduler never registers the node's cards: its
     * pods get {@code node unregistered} and stay Pending.
     */
    @Test
    void aNodeWhosePairScoresDoNotDecodeIsSkipped() throws Exception {
        JsonNode out = run(lab("hami.io/node-nvidia-score: 'not json'", "", GPU_POD.formatted("p1")));
        JsonNode p1 = out.at("/steps/0/observed");
        assertEquals("Pending", p1.get("phase").asText(), p1.toString());
        assertEquals("node unregistered", p1.at("/failedNodes/w1").asText());
        JsonNode reg = out.at("/state/tenants/0/nodes/0/registration");
        assertTrue(reg.get("error").asText().startsWith("hami.io/node-nvidia-score: invalid JSON"), reg.toString());
        // scores that decode (even an unknown key, as Go's json.Unmarshal allows) leave the node as it is
        JsonNode ok = run(lab("hami.io/node-nvidia-score: '[{\"uuid\":\"GPU-0\",\"score\":{\"GPU-1\":50},\"x\":1}]'",
                "", GPU_POD.formatted("p1")));
        assertEquals("Running", ok.at("/steps/0/observed/phase").asText(), ok.toString());
        // an integer written as 1.5 is not an int to Go
        JsonNode frac = run(lab("hami.io/node-nvidia-score: '[{\"uuid\":\"GPU-0\",\"score\":{\"GPU-1\":1.5}}]'", "",
                GPU_POD.formatted("p1")));
        assertEquals("node unregistered", frac.at("/steps/0/observed/failedNodes/w1").asText(), frac.toString());
    }

    /**
     * HAMi's GetNodeDevices: {@code errors.New("annos not found " + RegisterAnnos)} for a node without
     * {@code hami.io/node-nvidia-register} (a worker without cards runs no device plugin).
     */
    @Test
    void aNodeWithoutRegistrationQuotesHamisError() throws Exception {
        Path s = Files.writeString(dir.resolve("cpu.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: cpu}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - {name: cpu-only}
                steps:
                  - submit: {tenant: t, pod: %s}
                """.formatted(GPU_POD.formatted("p1")));
        JsonNode out = run(s);
        assertEquals("node unregistered", out.at("/steps/0/observed/failedNodes/cpu-only").asText(), out.toString());
        JsonNode reg = out.at("/state/tenants/0/nodes/0/registration");
        assertEquals("annos not found hami.io/node-nvidia-register", reg.get("error").asText(), reg.toString());
        assertTrue(reg.get("verbatim").isNull(), reg.toString());
    }

    /**
     * Deployed HAMi v2.10 locks a node for 5 minutes whatever the chart's {@code scheduler.nodeLockExpire}: the env
     * HAMI_NODELOCK_EXPIRE it sets is read at init (pkg/util/nodelock/nodelock.go, setupNodeLockTimeout) and then
     * replaced by the scheduler's {@code --node-lock-timeout} flag (default 5m, cmd/scheduler/main.go), which the chart
     * never passes. The lab follows the binary and warns; {@code nodeLockTimeout} models the flag.
     */
    @Test
    void theChartsNodeLockExpireHasNoEffectAndSaysSo() throws Exception {
        Path s = Files.writeString(dir.resolve("lock.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: lock}
                lab:
                  hami: {nodeLockExpire: 10m}
                  mockGpu: {lifecycle: article}
                  tenants:
                    - name: t
                      workers:
                        - name: w1
                          cards: [{model: A100-80GB}]
                steps:
                  - submit: {tenant: t, pod: %s}
                  - submit: {tenant: t, pod: %s}
                    expect: {phase: Pending, reason: BindingFailed}
                  - advance: 6m
                  - expectPod: {tenant: t, pod: p2, phase: Running}
                """.formatted(GPU_POD.formatted("p1"), GPU_POD.formatted("p2")));
        JsonNode out = run(s);
        assertEquals(0, out.at("/summary/failed").asInt(), out.toString());
        assertTrue(out.get("warnings").get(0).asText().startsWith("lab.hami.nodeLockExpire \"10m\" has no effect"),
                out.get("warnings").toString());
        CliHarness.Result text = CliHarness.run("run", s.toString());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("warning: lab.hami.nodeLockExpire \"10m\"")),
                text.out());
        // the flag, when a platform does pass it, decides
        Files.writeString(s, Files.readString(s).replace("nodeLockExpire: 10m", "nodeLockTimeout: 10m"));
        JsonNode flagged = run(s);
        assertEquals("BindingFailed", flagged.at("/steps/3/observed/reason").asText(), flagged.toString());
        assertTrue(flagged.path("warnings").isMissingNode(), flagged.toString());
    }

    /** What the chart may carry and import copies verbatim (empty, unparsable) is accepted by run, with a warning. */
    @Test
    void importNeverWritesANodeLockExpireRunRefuses() throws Exception {
        for (String v : new String[] {"\"\"", "\"soon\"", "\"2m\""}) {
            Path values = Files.writeString(dir.resolve("values.yaml"), "scheduler: {nodeLockExpire: " + v
                    + ", defaultSchedulerPolicy: {gpuSchedulerPolicy: topology-aware}}\n");
            Path s = dir.resolve("s.yaml");
            CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "t=" + dump(), "--hami-values",
                    values.toString(), "--out", s.toString());
            assertEquals(0, imp.exit(), v + ": " + imp.err());
            CliHarness.Result r = CliHarness.run("run", s.toString());
            assertEquals(0, r.exit(), v + ": " + r.out() + r.err());
            assertEquals(!"\"\"".equals(v), imp.out().contains("warning: lab.hami.nodeLockExpire"), imp.out());
        }
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "devicePlugin: {deviceSplitCount: 0}\n");
        CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "t=" + dump(), "--hami-values",
                bad.toString(), "--out", dir.resolve("bad-s.yaml").toString());
        assertEquals(2, imp.exit(), imp.out());
        assertTrue(imp.err().contains("deviceSplitCount"), imp.err());
        assertFalse(Files.exists(dir.resolve("bad-s.yaml")));
    }

    /**
     * The API server defaults an unset {@code spec.schedulerName} to {@code default-scheduler} before mutating
     * admission; HAMi's webhook (pkg/scheduler/webhook.go, Handle) then leaves a pod of another scheduler alone unless
     * forceOverwriteDefaultScheduler lets it replace default-scheduler.
     */
    @Test
    void anUnsetSchedulerNameReachesTheWebhookAsDefaultScheduler() throws Exception {
        JsonNode forced = run(lab("", "", GPU_POD.formatted("p1")));
        assertEquals("hami-scheduler", forced.at("/steps/0/observed/schedulerName").asText(), forced.toString());
        JsonNode kept = run(lab("", "forceOverwriteDefaultScheduler: false", GPU_POD.formatted("p1")));
        JsonNode p1 = kept.at("/steps/0/observed");
        assertEquals("default-scheduler", p1.get("schedulerName").asText(), p1.toString());
        assertFalse(p1.get("hamiAllocated").asBoolean(), p1.toString());
        String trace = CliHarness.run("trace", dir.resolve("lab.yaml").toString(), "--pod", "p1").out();
        assertTrue(trace.contains("pod already has different scheduler assigned (default-scheduler)"), trace);
    }
}
