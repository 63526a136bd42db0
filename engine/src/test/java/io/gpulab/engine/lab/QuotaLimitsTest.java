package io.gpulab.engine.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A live cluster's quota limits read as Kubernetes' Value() reads them, never wrapped past 64 bits. */
class QuotaLimitsTest {

    @Test
    void fractionsRoundUpAndSuffixesScale() {
        assertEquals(2L, QuotaLimits.amount("1.5"));
        assertEquals(1L, QuotaLimits.amount("500m"));
        assertEquals(2048L, QuotaLimits.amount("2Ki"));
        assertEquals(40000L, QuotaLimits.amount("40k"));
        assertNull(QuotaLimits.amount("lots"));
        assertNull(QuotaLimits.amount(null));
    }

    @Test
    void aQuotaPast64BitsIsHeldAtTheBoundNotWrapped() {
        long bound = 9_223_372_036_854_776L;   // Quantity.MAX_AMOUNT (…775.807) rounded up
        // 2^64 + 1 wrapped to 1 with longValue(): a quota that allows everything became one that allows one MB
        assertEquals(bound, QuotaLimits.amount("18446744073709551617"));
        assertEquals(bound, QuotaLimits.amount("99999999999999999999999Ei"));
        assertEquals(bound, QuotaLimits.amount("9223372036854775.5"));   // within the bound: rounded up
        assertEquals(bound, QuotaLimits.amount("9223372036854775.9"));   // past it: held at the bound
        assertEquals(bound - 2, QuotaLimits.amount((bound - 3) + ".001"));
        Map<String, Long[]> limits = QuotaLimits.of(List.of(new QuotaSpec("q", "team", Map.of(
                "limits.nvidia.com/gpumem", "18446744073709551617", "limits.nvidia.com/gpucores", "100"))),
                SchedulerConfig.DEFAULTS.resourceNames());
        assertArrayEquals(new Long[] {bound, 100L}, limits.get("team"));
    }
}
