package io.gpulab.engine.openb;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code import openb}'s heap estimate from its pod rows and the one-line refusal, with the maximum heap given. */
class OpenbMemoryTest {

    @Test
    void aHeapBelowTheEstimateIsRefusedWithTheEstimateAndTheHeapThatHoldsIt() {
        Path pods = Path.of("pods.csv");
        long need = OpenbMemory.estimate(100_000); // 48 MB + 100,000 x 5 KB
        assertEquals((48L << 20) + 100_000L * 5 * 1024, need);
        assertDoesNotThrow(() -> OpenbMemory.check(pods, 100_000, need));
        IOException e = assertThrows(IOException.class, () -> OpenbMemory.check(pods, 100_000, 386L << 20));
        assertEquals("pods.csv: importing 100,000 pods needs about 536 MB of heap (5 KB per pod and 48 MB), more than "
                + "the 386 MB this JVM may use: give it more with GPULAB_JAVA_OPTS=-Xmx768m (JDK_JAVA_OPTIONS on "
                + "Windows and macOS), or import fewer rows", e.getMessage());
        assertThrows(IOException.class, () -> OpenbMemory.check(pods, 100_000, need - 1));
        assertDoesNotThrow(() -> OpenbMemory.check(pods, 8_152, 96L << 20)); // the largest published pod list
    }
}
