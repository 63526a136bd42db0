package io.gpulab.engine.scenario;

import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A step's wall time is printed without a Formatter per step; it must read exactly as {@code %.3f} wrote it. */
class StepWallTimeTextTest {

    @Test
    void wallTimesReadAsPrintfWroteThem() {
        Random r = new Random(7);
        for (int i = 0; i < 100_000; i++) {
            double raw = i < 50_000 ? r.nextDouble() * Math.pow(10, r.nextInt(7)) : r.nextInt(5000) / 7.0;
            double rounded = Math.round(raw * 1000) / 1000.0; // as StepResult.timed keeps it
            assertEquals(String.format(Locale.ROOT, "%.3f", rounded), StepEvidence.millis(rounded), "of " + raw);
            assertEquals(String.format(Locale.ROOT, "%.3f", raw), StepEvidence.millis(raw), "of " + raw);
        }
        for (double d : new double[] {0, 0.0005, 0.001, 1e9, 1e12, Double.NaN, -1.5, 123456.789}) {
            assertEquals(String.format(Locale.ROOT, "%.3f", d), StepEvidence.millis(d));
        }
    }
}
