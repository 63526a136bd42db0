package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.a100;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** fitQuota: a card that would push the namespace over its limits.* quota is ResourceQuotaNotFit. */
class QuotaTest {

    @Test
    void quotaIsCheckedBeforeMemoryAndCountsEveryCardOfTheContainer() {
        QuotaState q = new QuotaState(Map.of("default",
                new QuotaState.NamespaceQuota(30000L, null, 10000, 0)), 1);
        var two = List.of(node("n", a100("GPU-0"), a100("GPU-1")));
        assertEquals("n", HamiFilter.filter(pod("p", gpu(2, 10000, 10)), two, CFG, q).node());
        assertEquals("1/2 AllocatedCardsInsufficientRequest, 1/2 ResourceQuotaNotFit",
                HamiFilter.filter(pod("p", gpu(2, 15000, 10)), two, CFG, q).failedNodes().get("n"));
        QuotaState zero = new QuotaState(Map.of("default", new QuotaState.NamespaceQuota(null, 0L, 0, 0)), 1);
        assertEquals("2/2 ResourceQuotaNotFit",
                HamiFilter.filter(pod("p", gpu(1, 1, 1)), two, CFG, zero).failedNodes().get("n"));
        assertEquals("n", HamiFilter.filter(pod("p", gpu(1, 1, 1)), two, CFG,
                new QuotaState(Map.of(), 1)).node());
    }

    @Test
    void webhookNeedIsTheLargerOfAppSumAndInitMax() {
        QuotaState q = new QuotaState(Map.of("default", new QuotaState.NamespaceQuota(20000L, 100L, 0, 0)), 1);
        var ok = io.gpulab.scheduler.Fixtures.podWithInit("p", List.of(gpu(1, 20000, 10)),
                List.of(gpu(2, 5000, 10), gpu(1, 10000, 10)));
        assertEquals(null, QuotaAdmission.check(ok, CFG, q));
        var tooMuch = io.gpulab.scheduler.Fixtures.podWithInit("p", List.of(), List.of(gpu(3, 7000, 10)));
        assertEquals("exceeding resource quota", QuotaAdmission.check(tooMuch, CFG, q));
    }
}
