package io.gpulab.scheduler.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Kubernetes quantity syntax and {@code AsInt64}, including its round-up and its "too precise" refusals. */
class QuantityTest {

    @ParameterizedTest
    @CsvSource({"20000,20000", "0,0", "007,7", "+5,5", "-3,-3", "1k,1000", "2M,2000000", "1G,1000000000",
        "1Ki,1024", "16Gi,17179869184", "1Ti,1099511627776", "1.5,2", "500m,1", "1500m,2", "2000m,2", "1.5k,1500",
        "1e3,1000", "1E3,1000", "12e-1,2", "0.1,1", "-1.5,-2", "100n,1", "1.,1", ".5,1"})
    void int64Values(String text, long expected) {
        assertEquals(OptionalLong.of(expected), Quantity.asInt64(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"16.0Gi", "1.5Gi", "1Pi", "100Ti", "1Ei", "1234567890123456789", "1e-10", "10E18"})
    void valuesThatNeedArbitraryPrecisionAreNotInt64(String text) {
        assertTrue(Quantity.isValid(text), text);
        assertEquals(OptionalLong.empty(), Quantity.asInt64(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "1x", "1Gb", "1 Gi", "--1", "1e", "1.2.3", ".5i", "0.1mi"})
    void malformedQuantitiesAreInvalid(String text) {
        assertFalse(Quantity.isValid(text), text);
        assertEquals(OptionalLong.empty(), Quantity.asInt64(text));
    }
}
