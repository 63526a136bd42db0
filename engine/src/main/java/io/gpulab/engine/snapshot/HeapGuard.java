package io.gpulab.engine.snapshot;

import org.jspecify.annotations.Nullable;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Watches the heap while a dump is read, for the dumps {@link ImportMemory}'s up-front estimate underrates: one made
 * of tiny labels keeps 8–9 bytes of heap per dump byte once read, not 3, and met the JVM's own limit halfway. When the
 * old generation (where what the reader keeps ends up) is more than {@link #PERCENT} % full, a full collection is asked
 * for, and what is still in use after it ({@link MemoryPoolMXBean#getCollectionUsage()}) is the measure: over the same
 * share, the reader stops, since the scenario's tree is still to be built on top of it. Under it, the old generation
 * held garbage: the next look is at another sixteenth of it (so at most four extra collections in an import).
 * docs/snapshots.md ("Memory") states the rule.
 */
final class HeapGuard {

    /** The share of the old generation's maximum still in use after a collection at which the reading stops. */
    static final int PERCENT = 75;
    /** Objects between two looks at the heap (one look is a call into the JVM). */
    private static final int EVERY = 16;

    private final @Nullable LongSupplier now;
    private final LongSupplier afterCollection;
    private final Runnable collect;
    private final long max;
    private final long limit;
    private long alarm;
    private int seen;

    /**
     * @param now             the old generation's bytes in use, garbage included, or null to watch nothing
     * @param afterCollection its bytes in use after its last collection
     * @param collect         a full collection
     * @param max             what the old generation may hold
     */
    HeapGuard(@Nullable LongSupplier now, LongSupplier afterCollection, Runnable collect, long max) {
        this.now = max > 0 ? now : null;
        this.afterCollection = afterCollection;
        this.collect = collect;
        this.max = max;
        this.limit = max / 100 * PERCENT;
        this.alarm = limit;
    }

    /** This JVM's old generation (the heap pool that supports a usage threshold: eden and survivors do not). */
    static HeapGuard forThisJvm() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isUsageThresholdSupported()
                    && pool.isCollectionUsageThresholdSupported()) {
                return new HeapGuard(() -> pool.getUsage().getUsed(), () -> {
                    MemoryUsage u = pool.getCollectionUsage();
                    return u == null ? 0 : u.getUsed();
                }, System::gc, pool.getUsage().getMax());
            }
        }
        return new HeapGuard(null, () -> 0, () -> { }, 0);
    }

    /** What the old generation may hold. */
    long max() {
        return max;
    }

    /** The bytes still in use when they are over the limit (the reading stops), else empty; looks every 16 calls. */
    OptionalLong over() {
        if (now == null || ++seen % EVERY != 0) {
            return OptionalLong.empty();
        }
        long used = now.getAsLong();
        if (used <= alarm) {
            return OptionalLong.empty();
        }
        collect.run();
        long live = afterCollection.getAsLong();
        if (live > limit) {
            return OptionalLong.of(live);
        }
        // it was garbage: look again once the old generation has filled another sixteenth
        alarm = Math.max(alarm, used + max / 16);
        return OptionalLong.empty();
    }

    /**
     * The refusal: where the reading stopped, what is in use against which limit, and the {@code -Xmx} the whole
     * dump would need at the rate seen so far ({@code heap} × the dump's bytes ÷ the bytes read).
     */
    static String message(String at, int objects, long read, long size, long live, long max, long heap) {
        long need = (long) ((double) heap * size / Math.max(1, read));
        return String.format(Locale.ROOT, "%s: the heap is nearly full after %,d objects, %s of the dump's %s: %,d MB "
                        + "still in use after a collection, over %d %% of the %,d MB its old generation may hold (a "
                        + "dump of many small labels or annotations needs more heap per byte than the %d of the "
                        + "estimate); give it more with GPULAB_JAVA_OPTS=%s (JDK_JAVA_OPTIONS on Windows and macOS), "
                        + "or dump fewer namespaces (kubectl get ... -n NAMESPACE)", at, objects, mb(read), mb(size),
                live >> 20, PERCENT, max >> 20, ImportMemory.BYTES_PER_DUMP_BYTE, ImportMemory.xmx(need));
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
}
