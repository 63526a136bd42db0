package io.gpulab.engine.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The reader's stop when the heap fills, on an old generation of 1,000 MB whose figures the test sets. */
class HeapGuardTest {

    private static final long MB = 1L << 20;

    private final AtomicLong now = new AtomicLong();
    /** The figure of the last full collection. */
    private final AtomicLong live = new AtomicLong();
    /** What a full collection leaves. */
    private final AtomicLong kept = new AtomicLong();
    private final AtomicInteger collections = new AtomicInteger();
    private final HeapGuard guard = new HeapGuard(now::get, live::get, () -> {
        collections.incrementAndGet();
        live.set(kept.get());
    }, 1000 * MB);

    /** What the guard says at its next look (it looks at every 16th object). */
    private OptionalLong look() {
        for (int i = 0; i < 15; i++) {
            assertEquals(OptionalLong.empty(), guard.over());
        }
        return guard.over();
    }

    @Test
    void underThreeQuartersFullNothingIsCollected() {
        now.set(750 * MB);
        live.set(700 * MB);
        assertEquals(OptionalLong.empty(), look());
        assertEquals(0, collections.get());
    }

    @Test
    void theJvmsOwnFullCollectionOverThreeQuartersStopsTheReadingOnceConfirmed() {
        now.set(700 * MB);
        live.set(751 * MB); // a full collection of the JVM's own, the old generation having filled
        kept.set(751 * MB);
        assertEquals(OptionalLong.of(751 * MB), look());
        assertEquals(1, collections.get(), "asked once to be sure: the figure may be older than the reading");
    }

    @Test
    void aJvmThatIgnoresTheRequestIsMeasuredGarbageIncluded() {
        // -XX:+DisableExplicitGC: System.gc() returns at once, the figure stays that of the JVM's last full collection
        HeapGuard ignoring = new HeapGuard(now::get, live::get, collections::incrementAndGet, 1000 * MB);
        kept.set(-1); // never read: this JVM's collect does nothing
        live.set(0); // none yet: the old generation is collected only once full
        now.set(740 * MB);
        for (int i = 0; i < 16; i++) {
            assertEquals(OptionalLong.empty(), ignoring.over());
        }
        assertTrue(ignoring.collects());
        now.set(760 * MB);
        OptionalLong stop = OptionalLong.empty();
        for (int i = 0; i < 16 && stop.isEmpty(); i++) {
            stop = ignoring.over();
        }
        assertEquals(OptionalLong.of(760 * MB), stop, "asked once, nothing moved: 760 MB in use is over 750");
        assertFalse(ignoring.collects());
        assertEquals(1, collections.get());
    }

    @Test
    void theRefusalOfAJvmThatIgnoresTheRequestSaysGarbageIsIncluded() {
        assertTrue(HeapGuard.message("d.yaml:9976: Pod d/p1246", 1_248, 5_452_595, 8_665_025, 51 * MB, 64 * MB,
                92 * MB, false).contains(": 51 MB in use, garbage included (this JVM ignores System.gc(): "
                + "-XX:+DisableExplicitGC), over 75 % of the 64 MB its old generation may hold"));
    }

    @Test
    void pastWhatTheOldGenerationMayHoldItAsksNoMore() {
        // G1's old generation, garbage included, may grow past two thirds of the heap
        for (long used = 760; used <= 1500; used += 20) {
            now.set(used * MB);
            kept.set(used * MB / 3);
            assertEquals(OptionalLong.empty(), look());
        }
        assertEquals(4, collections.get(), "at 760 MB, then a sixteenth (62.5 MB) further each time, up to 1,000 MB");
    }

    @Test
    void theOldGenerationMayHoldAtMostTwoThirdsOfTheHeap() {
        assertEquals(64 * MB, HeapGuard.oldMax(64 * MB, 96 * MB), "serial: its tenured generation");
        assertEquals(64 * MB, HeapGuard.oldMax(96 * MB, 96 * MB), "G1 reports the whole heap");
        assertEquals(64 * MB, HeapGuard.oldMax(-1, 96 * MB), "no maximum reported");
    }

    @Test
    void fullOfGarbageItCollectsOnceThenWaitsForAnotherSixteenth() {
        now.set(760 * MB);
        kept.set(300 * MB);
        assertEquals(OptionalLong.empty(), look());
        assertEquals(1, collections.get());
        assertEquals(300 * MB, live.get());
        now.set(760 * MB + 62 * MB);
        assertEquals(OptionalLong.empty(), look());
        assertEquals(1, collections.get(), "not again before the old generation grew by 1,000 / 16 MB");
        kept.set(310 * MB);
        now.set(760 * MB + 63 * MB);
        assertEquals(OptionalLong.empty(), look());
        assertEquals(2, collections.get());
    }

    @Test
    void stillThreeQuartersFullAfterACollectionTheReadingStops() {
        now.set(800 * MB);
        kept.set(751 * MB);
        assertEquals(OptionalLong.of(751 * MB), look());
        assertEquals(1, collections.get());
    }

    @Test
    void aJvmWithoutAnOldGenerationToWatchNeverStops() {
        HeapGuard none = new HeapGuard(null, () -> Long.MAX_VALUE, () -> {
            throw new AssertionError("collected");
        }, 1000 * MB);
        for (int i = 0; i < 64; i++) {
            assertEquals(OptionalLong.empty(), none.over());
        }
    }

    @Test
    void theRefusalNamesWhereItStoppedTheHeapInUseTheLimitAndTheHeapTheDumpNeeds() {
        String m = HeapGuard.message("d.yaml:9976: Pod d/p1246", 1_248, 5_452_595, 8_665_025, 51 * MB, 64 * MB,
                92 * MB);
        assertEquals("d.yaml:9976: Pod d/p1246: the heap is nearly full after 1,248 objects, 5.2 MB of the dump's "
                + "8.3 MB: 51 MB still in use after a collection, over 75 % of the 64 MB its old generation may hold "
                + "(a dump of many small labels or annotations needs more heap per byte than the 5 of the estimate); "
                + "give it more with GPULAB_JAVA_OPTS=-Xmx256m (JDK_JAVA_OPTIONS on Windows and macOS), or dump "
                + "fewer namespaces (kubectl get ... -n NAMESPACE)", m);
        // at the rate seen, the whole dump needs the heap × 8.3 / 5.2 (146 MB, + 4 %: 256m); 1 GB read of 3 GB: 3 GB+
        assertTrue(HeapGuard.message("a", 1, 1L << 30, 3L << 30, 1, 2, 1L << 30).contains("-Xmx4g "));
    }
}
