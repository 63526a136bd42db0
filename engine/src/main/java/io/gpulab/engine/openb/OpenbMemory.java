package io.gpulab.engine.openb;

import io.gpulab.engine.snapshot.ImportMemory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The heap {@code import openb} needs, estimated from the pod rows once the CSVs are read (before a pod is imported),
 * and the refusal when this JVM may use less: the scenario is built whole before it is written, so a heap too small
 * for it failed with an OutOfMemoryError after the work (100,000 rows under -Xmx400m). docs/openb.md states the rule.
 */
public final class OpenbMemory {

    /** The heap of an import of a few rows. */
    public static final long BASE_BYTES = 48L << 20;
    /**
     * Heap per pod row: 100,000 generated rows (docs/tools/probe.py's gen_openb, trace arrivals, ~4 steps a pod)
     * imported in 500 MB of heap and failed in 400 MB; 4 KB a pod past the base, rounded up.
     */
    public static final long BYTES_PER_POD = 5L << 10;

    private OpenbMemory() {
    }

    public static long estimate(int pods) {
        return BASE_BYTES + BYTES_PER_POD * pods;
    }

    /**
     * @throws IOException one line naming the pod list, its rows, the estimate, the heap and how to give more
     */
    public static void check(Path podsCsv, int pods, long heap) throws IOException {
        long need = estimate(pods);
        if (need <= heap) {
            return;
        }
        throw new IOException(String.format(Locale.ROOT, "%s: importing %,d pods needs about %,d MB of heap (%d KB "
                        + "per pod and %d MB), more than the %,d MB this JVM may use: give it more with "
                        + "GPULAB_JAVA_OPTS=%s (JDK_JAVA_OPTIONS on Windows and macOS), or import fewer rows", podsCsv,
                pods, need >> 20, BYTES_PER_POD >> 10, BASE_BYTES >> 20, heap >> 20, ImportMemory.xmx(need)));
    }
}
