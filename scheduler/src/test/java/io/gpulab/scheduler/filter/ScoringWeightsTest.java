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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** hami.io/device-scoring-weights parsing with HAMi's exact error texts. */
class ScoringWeightsTest {

    @Test
    void keysInAnyOrderWithWhitespace() {
        assertEquals(new ScoringWeights(1, 0, 3), ScoringWeights.parse(" memory = 3, slot=1 ,core=0").value());
        assertEquals(new ScoringWeights(2, 1, 1), ScoringWeights.parse("slot=+2,core=1,memory=1").value());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "slot=1,core=1                  | expected slot, core, and memory weights",
        "slot=1,core=1,memory=1,x=1     | expected slot, core, and memory weights",
        "slot=1,core,memory=1           | expected key=value entries",
        "slot=1,core=x,memory=1         | \"core\" weight must be an integer",
        "slot=1,core=1.5,memory=1       | \"core\" weight must be an integer",
        "slot=-1,core=1,memory=1        | \"slot\" weight must not be negative",
        "slot=1,gpu=1,memory=1          | unknown weight \"gpu\"",
        "slot=1,slot=2,memory=1         | duplicate \"slot\" weight",
        "slot=0,core=0,memory=0         | at least one weight must be positive",
    })
    void errors(String value, String tail) {
        assertEquals("invalid hami.io/device-scoring-weights annotation \"" + value + "\": " + tail,
                ScoringWeights.parse(value).error().message());
    }

    @Test
    void anInvalidAnnotationFailsTheWholeFilterCall() {
        FilterResult r = HamiFilter.filter(pod("p", Map.of("hami.io/device-scoring-weights", "slot=1"),
                gpu(1, 1000, 10)), List.of(node("n", a100("GPU-0"))), CFG);
        assertEquals(Code.ERROR, r.status().code());
        assertEquals("calcScore failed invalid hami.io/device-scoring-weights annotation \"slot=1\": expected slot, "
                + "core, and memory weights for pod p", r.status().reasons().get(0));
        assertEquals("FilteringFailed", r.events().get(0).reason());
    }
}
