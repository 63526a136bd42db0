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
 * of tiny labels keeps 8–9 bytes of heap per dump byte once read, not 3, and met the JVM's own limit halfway. The
 * measure is what is still in use in the old generation (where what the reader keeps ends up) after a full
 * collection ({@link MemoryPoolMXBean#getCollectionUsage()}): over {@link #PERCENT} % of what the old generation may
 * hold, the reader stops, since the scenario's tree is still to be built on top of it. That figure comes from the
 * JVM's own last full collection, or from one the guard asks for (System.gc) when the old generation, garbage
 * included, is more than that share full, or when the JVM's own figure is over it (it may be older than the
 * reading); when that share proved to be garbage, the next request waits for another sixteenth (so at most four
 * requests in an import besides those confirming the JVM's own). A JVM that ignores the request ({@code
 * -XX:+DisableExplicitGC}, G1's {@code -XX:+ExplicitGCInvokesConcurrent}) collects the old generation only once it is
 * full, which came too late (the heap ran out while the scenario was built): once a request changed nothing, the
 * guard counts what is in use, garbage included, and errs on the side of stopping. What the old generation may hold
 * is at most two thirds of the heap: the
 * serial and parallel collectors' share, and under G1, whose old generation may take the whole heap, the room its
 * young regions and reserve leave (at 75 % of the whole heap G1 read the dump through and ran out building the tree).
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
    /** A request for a collection changed nothing: what is in use, garbage included, is the measure. */
    private boolean ignored;

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
        this.max = Math.max(0, max);
        this.limit = max / 100 * PERCENT;
        this.alarm = limit;
    }

    /**
     * This JVM's old generation (the heap pool that supports a usage threshold: eden and survivors do not; "Tenured
     * Gen", "PS Old Gen", "G1 Old Gen"), with at most two thirds of the heap as what it may hold.
     */
    static HeapGuard forThisJvm() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isUsageThresholdSupported()
                    && pool.isCollectionUsageThresholdSupported()) {
                return new HeapGuard(() -> pool.getUsage().getUsed(), () -> {
                    MemoryUsage u = pool.getCollectionUsage();
                    return u == null ? 0 : u.getUsed();
                }, System::gc, oldMax(pool.getUsage().getMax(), Runtime.getRuntime().maxMemory()));
            }
        }
        return new HeapGuard(null, () -> 0, () -> { }, 0);
    }

    /**
     * What the old generation may hold: its own maximum, and at most two thirds of the heap (G1 reports the whole
     * heap as its old generation's maximum, and an undefined maximum is -1).
     */
    static long oldMax(long poolMax, long heap) {
        long share = heap / 3 * 2;
        return poolMax <= 0 ? share : Math.min(poolMax, share);
    }

    /** What the old generation may hold. */
    long max() {
        return max;
    }

    /** Whether the figures are taken after a collection (else this JVM ignored the request: garbage included). */
    boolean collects() {
        return !ignored;
    }

    /** The bytes still in use when they are over the limit (the reading stops), else empty; looks every 16 calls. */
    OptionalLong over() {
        if (now == null || ++seen % EVERY != 0) {
            return OptionalLong.empty();
        }
        long used = now.getAsLong();
        if (ignored) {
            return used > limit ? OptionalLong.of(used) : OptionalLong.empty();
        }
        long last = afterCollection.getAsLong();
        boolean filling = used > alarm && alarm < max;
        if (!filling && last <= limit) {
            return OptionalLong.empty();
        }
        // also when the JVM's own last full collection is over: that figure may be older than this reading (the
        // workbench's earlier lab)
        collect.run();
        long live = afterCollection.getAsLong();
        if (live == last && filling) {
            // no collection moved the figure: this JVM ignores the request, and garbage counts from now on
            ignored = true;
            return used > limit ? OptionalLong.of(used) : OptionalLong.empty();
        }
        if (live > limit) {
            return OptionalLong.of(live);
        }
        // it was garbage: ask again once the old generation has filled another sixteenth
        alarm = Math.max(alarm, used + max / 16);
        return OptionalLong.empty();
    }

    /**
     * The refusal: where the reading stopped, what is in use against which limit, and the {@code -Xmx} the whole
     * dump would need at the rate seen so far ({@code heap} × the dump's bytes ÷ the bytes read).
     */
    static String message(String at, int objects, long read, long size, long live, long max, long heap) {
        return message(at, objects, read, size, live, max, heap, true);
    }

    /**
     * As {@link #message(String, int, long, long, long, long, long)}; {@code collected} false: the JVM ignored the
     * request for a collection, and the figure is what is in use, garbage included.
     */
    static String message(String at, int objects, long read, long size, long live, long max, long heap,
                          boolean collected) {
        long need = (long) ((double) heap * size / Math.max(1, read));
        return String.format(Locale.ROOT, "%s: the heap is nearly full after %,d objects, %s of the dump's %s: %,d MB "
                        + (collected ? "still in use after a collection"
                        : "in use, garbage included (this JVM ignores System.gc(): -XX:+DisableExplicitGC)")
                        + ", over %d %% of the %,d MB its old generation may hold (a "
                        + "dump of many small labels or annotations needs more heap per byte than the %d of the "
                        + "estimate); give it more with GPULAB_JAVA_OPTS=%s (JDK_JAVA_OPTIONS on Windows and macOS), "
                        + "or dump fewer namespaces (kubectl get ... -n NAMESPACE)", at, objects, mb(read), mb(size),
                live >> 20, PERCENT, max >> 20, ImportMemory.BYTES_PER_DUMP_BYTE, ImportMemory.xmx(need));
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
}
