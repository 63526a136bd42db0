package io.gpulab.engine.sim;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The lab's virtual clock: it moves only when told to, so a 5-minute lock expiry costs no wall time. */
final class SimClock {

    /** Every sim lab starts here, so identical runs print identical times. */
    static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private Instant now = EPOCH;

    /** A {@link Clock} view for code that takes one (HAMi's node lock rules). */
    Clock asClock() {
        SimClock self = this;
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return self.now;
            }
        };
    }

    Instant now() {
        return now;
    }

    /** @throws IllegalArgumentException for a negative duration (time never goes back) */
    void advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("advance: duration must not be negative, got " + by);
        }
        now = now.plus(by);
    }
}
