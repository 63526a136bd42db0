package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.card;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.DeviceUsage;
import org.junit.jupiter.api.Test;

/** ComputeScore in float32, with the exact-type rule for the request term and the weights. */
class DeviceScorerTest {

    private static final ContainerDeviceRequest REQ = new ContainerDeviceRequest(2, "NVIDIA", 20000, 101, 30);

    @Test
    void requestCountsOncePerContainerWhenTypeIsExactlyNvidia() {
        DeviceUsage d = new DeviceUsage(card("g", 0, 81920, 100, 10, "NVIDIA", 0), 1, 20000, 30);
        float slot = 2f / 10f;
        float core = 60f / 100f;
        float mem = 40000f / 81920f;
        assertEquals(10f * (slot + core + mem), DeviceScorer.score(d, REQ, ScoringWeights.DEFAULT));
        assertEquals(Float.floatToIntBits(10f * (slot + core + mem)),
                Float.floatToIntBits(DeviceScorer.score(d, REQ, ScoringWeights.DEFAULT)));
    }

    @Test
    void realTypeStringsSkipTheRequestTerm() {
        DeviceUsage d = new DeviceUsage(card("g", 0, 81920, 100, 10, "NVIDIA A100-SXM4-80GB", 0), 1, 20000, 30);
        assertEquals(10f * (1f / 10f + 30f / 100f + 20000f / 81920f),
                DeviceScorer.score(d, REQ, ScoringWeights.DEFAULT));
    }

    @Test
    void percentRequestsUseTheCardsMemoryAndWeightsScaleEachTerm() {
        DeviceUsage d = DeviceUsage.idle(card("g", 0, 24577, 100, 10, "NVIDIA", 0));
        ContainerDeviceRequest pct = new ContainerDeviceRequest(1, "NVIDIA", 0, 33, 0);
        float expected = 10f * (0f * (1f / 10f) + 1f * 0f + 3f * ((float) 8110 / 24577f));
        assertEquals(expected, DeviceScorer.score(d, pct, new ScoringWeights(0, 1, 3)));
    }

    @Test
    void cardsWithoutCapacityScoreZero() {
        DeviceUsage d = DeviceUsage.idle(card("g", 0, 0, 100, 10, "NVIDIA", 0));
        assertEquals(0f, DeviceScorer.score(d, REQ, ScoringWeights.DEFAULT));
    }
}
