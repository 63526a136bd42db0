package io.gpulab.app.cli;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The text summary writes card figures without a Formatter per card: they must read exactly as {@code %,d}. */
class RunSummaryTest {

    @Test
    void cardFiguresAreGroupedExactlyAsPrintfGroupsThem() {
        long[] values = {0, 7, 999, 1000, 12_345, 81_920, 999_999, 1_000_000, 40_000_000_000L, -1, -1000, -123_456,
            Integer.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE};
        for (long v : values) {
            assertEquals(String.format(Locale.ROOT, "%,d", v), RunSummary.grouped(new StringBuilder(), v).toString());
        }
    }
}
