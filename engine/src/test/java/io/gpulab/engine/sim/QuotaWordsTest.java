package io.gpulab.engine.sim;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.testkit.ScenarioYaml;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A pod over its namespace's GPU quota says why with the quota's numbers (limit, what the namespace's pods use, what
 * the pod asks), whether freeing helps, and what to change: it said only "the GPU ResourceQuota of namespace default
 * (limits on GPU memory or cores) would be exceeded", as for any quota and any pod.
 */
class QuotaWordsTest {

    private static String pod(String name, String limits) {
        return ScenarioYaml.submit("t", name, "default", null, "{limits: " + limits + "}");
    }

    private static final String LAB = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: quota-words}
            lab:
              tenants:
                - name: t
                  workers:
                    - {name: w, cpu: 4, memoryMiB: 8192, cards: [{model: A100-80GB, count: 1}]}
                  resourceQuotas:
                    - {apiVersion: v1, kind: ResourceQuota, metadata: {name: gpu, namespace: default},
                       spec: {hard: {limits.nvidia.com/gpumem: "50000", limits.nvidia.com/gpucores: "200"}}}
            steps:
            """;

    private static final String TWO = pod("a", "{nvidia.com/gpu: 1, nvidia.com/gpumem: 20000, nvidia.com/gpucores: 30}")
            + pod("b", "{nvidia.com/gpu: 1, nvidia.com/gpumem: 20000, nvidia.com/gpucores: 30}");

    private static PodView view(SimBackend b, String key) {
        return b.snapshot().tenant("t").orElseThrow().pod(key).orElseThrow();
    }

    private static PlainReason words(String steps, String key, String reason) {
        Scenario s = SimFilterIndexEquivalenceTest.read(LAB + steps);
        try (SimBackend b = SimBackend.start(s.lab())) {
            new ScenarioRunner(b).run(s);
            assertEquals(reason, view(b, key).reason(), key + "'s reason");
            return b.plainReason("t", key).orElseThrow();
        }
    }

    @Test
    void aCreateTheWebhookRefusesForTheQuotaSaysItsNumbers() {
        PlainReason w = words(TWO + pod("c", "{nvidia.com/gpu: 1, nvidia.com/gpumem: 20000, nvidia.com/gpucores: 30}"),
                "default/c", "Forbidden");
        assertEquals("HAMi's webhook refused the create: it asks 20,000 MB of GPU memory in namespace default, whose "
                + "ResourceQuota allows 50,000 MB (limits.nvidia.com/gpumem); the namespace's pods use 40,000 MB now, "
                + "10,000 MB left: it would be admitted once pods of default holding 10,000 MB more end", w.text());
        assertEquals("raise limits.nvidia.com/gpumem of namespace default to at least 60,000 MB, ask for at most "
                + "10,000 MB, or delete pods of default; then submit it again", w.fix());
        assertEquals("docs/reasons.md#forbidden", w.doc());
    }

    @Test
    void aRequestLargerThanTheQuotaItselfFitsWhateverIsFreed() {
        PlainReason w = words(pod("big", "{nvidia.com/gpu: 1, nvidia.com/gpumem: 60000, nvidia.com/gpucores: 30}"),
                "default/big", "Forbidden");
        assertEquals("HAMi's webhook refused the create: it asks 60,000 MB of GPU memory in namespace default, whose "
                + "ResourceQuota allows 50,000 MB (limits.nvidia.com/gpumem): it exceeds the quota, whatever is "
                + "freed", w.text());
        assertEquals("raise limits.nvidia.com/gpumem of namespace default to at least 60,000 MB, or ask for at most "
                + "50,000 MB; then submit it again", w.fix());
    }

    @Test
    void coresOverTheQuotaAreNamedAsCores() {
        PlainReason w = words(TWO + pod("c", "{nvidia.com/gpu: 1, nvidia.com/gpumem: 1000, nvidia.com/gpucores: 150}"),
                "default/c", "Forbidden");
        assertEquals("HAMi's webhook refused the create: it asks 150 GPU core units in namespace default, whose "
                + "ResourceQuota allows 200 (limits.nvidia.com/gpucores); the namespace's pods use 60 now, 140 left: "
                + "it would be admitted once pods of default holding 10 more end", w.text());
    }

    @Test
    void aPodHamisFilterHoldsForTheQuotaSaysItsNumbers() {
        // a memory percentage counts as 0 at the webhook, so the pod is admitted; HAMi's filter then finds 40,960 MB
        PlainReason w = words(TWO + pod("p", "{nvidia.com/gpu: 1, nvidia.com/gpumem-percentage: 50, "
                + "nvidia.com/gpucores: 10}"), "default/p", "ResourceQuotaNotFit");
        assertEquals("asks 50 % of a card's memory (40,960 MB of the largest card here) in namespace default, whose "
                + "ResourceQuota allows 50,000 MB "
                + "(limits.nvidia.com/gpumem); the namespace's pods use 40,000 MB now, 10,000 MB left: it runs once "
                + "pods of default holding 30,960 MB more end", w.text());
        assertEquals("raise limits.nvidia.com/gpumem of namespace default to at least 80,960 MB, ask for at most "
                + "10,000 MB, or delete pods of default", w.fix());
        assertEquals("docs/reasons.md#resourcequotanotfit", w.doc());
    }
}
