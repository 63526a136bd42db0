package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario fields in Kubernetes/HAMi shapes: ResourceQuotas, existing pods, raw node annotations, HAMi settings. */
class HamiFidelityScenarioTest {

    private static final String LAB = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: fidelity}
            lab:
              hami: %s
              tenants:
                - name: t
                  resourceQuotas:
                    - apiVersion: v1
                      kind: ResourceQuota
                      metadata: {name: gpu, namespace: team-a}
                      spec: {hard: {limits.nvidia.com/gpumem: "30000", pods: "10"}}
                  workers:
                    - name: w1
                      cards:
                        - {model: A100-80GB, uuid: GPU-a}
                      pods:
                        - apiVersion: v1
                          kind: Pod
                          metadata:
                            name: old
                            namespace: team-a
                            annotations:
                              hami.io/vgpu-node: w1
                              hami.io/vgpu-devices-allocated: "GPU-a,NVIDIA,20000,30:;"
                          spec:
                            containers:
                              - name: main
                                image: busybox
                                resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 20000}}
                          status: {phase: Running}
                        - apiVersion: v1
                          kind: Pod
                          metadata:
                            name: done
                            namespace: team-a
                            annotations:
                              hami.io/vgpu-node: w1
                              hami.io/vgpu-devices-allocated: "GPU-a,NVIDIA,50000,50:;"
                          spec:
                            containers: [{name: main, image: busybox}]
                          status: {phase: Succeeded}
                    - name: w2
                      annotations:
                        hami.io/node-nvidia-register: "not json"
                        hami.io/node-handshake: "Requesting_2026-01-01 00:00:00"
            """;

    private static LabBackend open(String hami) {
        Scenario s = new ScenarioReader().read("t.yaml", new StringReader(LAB.formatted(hami)), false);
        return Backends.open("sim", s.lab(), BackendOptions.NONE);
    }

    private static Map<String, Object> pod(String ns, String name, Map<String, Object> limits) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("name", "main");
        c.put("image", "busybox");
        c.put("resources", Map.of("limits", limits));
        return Map.of("apiVersion", "v1", "kind", "Pod", "metadata", Map.of("name", name, "namespace", ns),
                "spec", Map.of("containers", List.of(c)));
    }

    private static PodView view(LabBackend lab, String key) {
        return lab.snapshot().tenants().get(0).pod(key).orElseThrow();
    }

    private static CardView card(LabSnapshot s) {
        return s.tenants().get(0).nodes().get(0).cards().get(0);
    }

    @Test
    void existingPodsCountAsHamisCacheRebuildsThem() {
        try (LabBackend lab = open("{}")) {
            // the Running pod's 20000 MB and 30 cores count; the Succeeded one's do not
            CardView c = card(lab.snapshot());
            assertEquals(List.of(20000, 30, 1), List.of(c.usedMemMB(), c.usedCores(), c.usedSlots()));
            assertEquals("Running", view(lab, "team-a/old").phase());
            assertEquals(List.of(new io.gpulab.engine.api.QuotaView("team-a", 20000, 30000L, 30, null)),
                    lab.snapshot().tenants().get(0).quotas());
        }
    }

    @Test
    void theWebhookDeniesAPodOverItsNamespaceQuota() {
        try (LabBackend lab = open("{}")) {
            lab.execute(new LabCommand.SubmitPod("t", pod("team-a", "big", Map.of("nvidia.com/gpu", 1,
                    "nvidia.com/gpumem", 20000))));
            assertEquals("Error from server (Forbidden): admission webhook \"vgpu.hami.io\" denied the request: "
                    + "exceeding resource quota", view(lab, "team-a/big").message());
            // another namespace has no quota
            lab.execute(new LabCommand.SubmitPod("t", pod("team-b", "big", Map.of("nvidia.com/gpu", 1,
                    "nvidia.com/gpumem", 20000))));
            assertEquals("Running", view(lab, "team-b/big").phase());
        }
    }

    @Test
    void theFilterRefusesCardsOverTheQuotaWithResourceQuotaNotFit() {
        try (LabBackend lab = open("{}")) {
            // a percentage counts as 0 at the webhook, but as 40960 MB on the card in the filter
            lab.execute(new LabCommand.SubmitPod("t", pod("team-a", "half", Map.of("nvidia.com/gpu", 1,
                    "nvidia.com/gpumem-percentage", 50, "nvidia.com/gpucores", 10))));
            PodView p = view(lab, "team-a/half");
            assertEquals("Pending", p.phase());
            assertEquals("1/1 ResourceQuotaNotFit", p.failedNodes().get("w1"));
        }
    }

    @Test
    void aRegistrationHamiCannotDecodeLeavesTheNodeUnregisteredAndSaysWhy() {
        try (LabBackend lab = open("{}")) {
            NodeView w2 = lab.snapshot().tenants().get(0).nodes().get(1);
            assertTrue(w2.cards().isEmpty());
            assertEquals("not json", w2.annotations().get("hami.io/node-nvidia-register"));
            assertEquals("Requesting_2026-01-01 00:00:00", w2.annotations().get("hami.io/node-handshake"));
            assertTrue(w2.warnings().stream().anyMatch(w -> w.startsWith("hami.io/node-nvidia-register: invalid JSON")),
                    w2.warnings().toString());
            lab.execute(new LabCommand.SubmitPod("t", pod("default", "p", Map.of("nvidia.com/gpu", 1,
                    "nvidia.com/gpumem", 90000))));
            assertEquals("node unregistered", view(lab, "default/p").failedNodes().get("w2"));
        }
    }

    @Test
    void aGivenRegistrationIsWhatHamiSchedulesOn() {
        String reg = "[{\"id\":\"GPU-x\",\"count\":4,\"devmem\":24576,\"devcore\":100,\"type\":\"NVIDIA L4\","
                + "\"mode\":\"hami-core\",\"health\":true}]";
        String yaml = LAB.formatted("{}").replace("hami.io/node-nvidia-register: \"not json\"",
                "hami.io/node-nvidia-register: '" + reg + "'");
        Scenario s = new ScenarioReader().read("t.yaml", new StringReader(yaml), false);
        try (LabBackend lab = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            NodeView w2 = lab.snapshot().tenants().get(0).nodes().get(1);
            assertEquals(List.of("GPU-x"), w2.cards().stream().map(CardView::id).toList());
            assertEquals(4, w2.cards().get(0).slots());
            assertTrue(w2.warnings().isEmpty(), w2.warnings().toString());
        }
    }

    @Test
    void memoryFactorResourceNamesAndSchedulerNameComeFromTheHamiSettings() {
        try (LabBackend lab = open("{memoryFactor: 2, resourceMem: example.com/vmem, schedulerName: my-hami}")) {
            lab.execute(new LabCommand.SubmitPod("t", pod("default", "p", Map.of("nvidia.com/gpu", 1,
                    "example.com/vmem", 3000, "nvidia.com/gpucores", 10))));
            PodView p = view(lab, "default/p");
            assertEquals("Running", p.phase(), p.message());
            assertEquals("my-hami", p.schedulerName());
            assertEquals(6000, p.devices().get(0).memMB());
        }
    }

    @Test
    void eachTenantMayRunItsOwnHamiSettings() {
        String yaml = """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: per-tenant}
                lab:
                  hami: {memoryFactor: 2}
                  tenants:
                    - name: a
                      hami: {deviceSplitCount: 4, schedulerName: team-sched}
                      workers: [{name: wa, cards: [{model: L4-24GB}]}]
                    - name: b
                      workers: [{name: wb, cards: [{model: L4-24GB}]}]
                """;
        Scenario s = new ScenarioReader().read("t.yaml", new StringReader(yaml), false);
        assertEquals(2, s.lab().tenants().get(0).hami().memoryFactor(), "the lab's value stays under the tenant's");
        try (LabBackend lab = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            assertEquals(4, lab.snapshot().tenants().get(0).nodes().get(0).cards().get(0).slots());
            assertEquals(10, lab.snapshot().tenants().get(1).nodes().get(0).cards().get(0).slots());
            lab.execute(new LabCommand.SubmitPod("a", pod("default", "p", Map.of("nvidia.com/gpu", 1,
                    "nvidia.com/gpumem", 1000, "nvidia.com/gpucores", 10))));
            PodView p = lab.snapshot().tenants().get(0).pod("default/p").orElseThrow();
            assertEquals(List.of("Running", "team-sched", 2000), List.of(p.phase(), p.schedulerName(),
                    p.devices().get(0).memMB()));
        }
    }
}
