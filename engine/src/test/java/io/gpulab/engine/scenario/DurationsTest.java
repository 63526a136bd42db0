package io.gpulab.engine.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Go-style durations in scenario files: the one-unit forms an imported trace writes, compound and bad ones. */
class DurationsTest {

    @ParameterizedTest
    @CsvSource({"0s,0", "1s,1000", "37s,37000", "5m,300000", "05m,300000", "2h,7200000", "500ms,500",
        "1h30m,5400000", "1.5h,5400000", "90s,90000", "' 30s ',30000", "1m0.5s,60500",
        "87600h,315360000000", "315360000s,315360000000"})
    void readsWhatAScenarioWrites(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), Durations.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "s", "30", "5d", "-5m", "5 m", "m5", "1e3s", "5M", "٣s"})
    void refusesAnythingElseNamingIt(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
        assertTrue(e.getMessage().contains("\"" + text + "\" is not a duration"), e.getMessage());
    }

    @Test
    void aLongButValidDurationIsReadInOnePassWithoutOverflowingTheStack() {
        // 1m repeated: Go reads it as the sum; the regular expression it replaces overflowed the stack at x1000
        assertEquals(Duration.ofMinutes(120), Durations.parse("1m".repeat(120)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Durations.parse("1m".repeat(1000)));
        assertTrue(e.getMessage().startsWith("a duration has at most 256 characters, got 2000 (\"1m1m"), e.getMessage());
        assertTrue(e.getMessage().length() < 200, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2562047788015216h", "87601h", "999999999999s", "9223372036854775807ms",
        "87599h3600001ms", "100000000000000000000000h"})
    void durationsPastTheLimitAreRefusedNeverWrapped(String text) {
        // 2562047788015216h used to wrap to 29m52s
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
        assertTrue(e.getMessage().contains("is longer than the longest duration allowed (87600h)"), e.getMessage());
    }

    @Test
    void formatIsReadBack() {
        for (long ms : new long[] {0, 500, 1000, 61_000, 5_400_000, 3_723_004}) {
            Duration d = Duration.ofMillis(ms);
            assertEquals(d, Durations.parse(Durations.format(d)), Durations.format(d));
        }
    }
}
