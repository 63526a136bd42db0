package io.gpulab.engine.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The curve ends where FGD's analysis puts the last pods: at the nearest whole percent (docs/metrics.md). */
class AllocationCurveEndTest {

    @Test
    void aReplayEndingJustUnderAPercentEndsOnThatPercent() {
        AllocationCurve c = new AllocationCurve(10_000);
        assertEquals(true, c.arrive(12_900));
        c.sample(9_000);
        assertEquals(129, c.points().size());
        assertEquals(false, c.arrive(98), "129.98 % arrived: no new whole percent");
        c.last(9_100);
        assertEquals(130, c.points().size());
        assertEquals(new AllocationCurve.Point(129, 90.0), c.points().get(128));
        assertEquals(new AllocationCurve.Point(130, 91.0), c.points().get(129), "FGD's 130 % column");
    }

    @Test
    void aReplayEndingJustOverAPercentAddsNothing() {
        AllocationCurve c = new AllocationCurve(10_000);
        c.arrive(12_940);
        c.sample(9_000);
        c.last(9_000);
        assertEquals(129, c.points().size(), "129.4 % rounds to 129");
    }
}
