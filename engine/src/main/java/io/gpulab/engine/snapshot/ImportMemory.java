package io.gpulab.engine.snapshot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The heap an import of kubectl dumps needs, estimated before a byte is parsed, and the refusal when this JVM may use
 * less: without it a heap too small for the dumps is found out only after minutes of collections that free nothing
 * (a 195 MB dump under a 400 MB heap collected garbage for 20 minutes without a word). Every dump of the import is
 * held bound (fabric8's model) while the scenario's tree is built from it, so the need grows with the dumps' bytes
 * together; docs/snapshots.md ("Memory") states the rule and the measurements behind the factor.
 */
public final class ImportMemory {

    /** The heap of an import of empty dumps: the application, Jackson's and fabric8's bound classes' metadata. */
    public static final long BASE_BYTES = 48L << 20;
    /**
     * Heap per byte of the dumps, the smallest heap an import completes in without collecting most of its time
     * (docs/probes.md-style dumps of 10,000 to 100,000 pods; a real kubectl dump carries more that is dropped).
     */
    public static final int BYTES_PER_DUMP_BYTE = 5;

    private ImportMemory() {
    }

    /** The heap an import of dumps of these bytes (together) needs. */
    public static long estimate(long dumpBytes) {
        return BASE_BYTES + BYTES_PER_DUMP_BYTE * dumpBytes;
    }

    /**
     * Refuses an import whose dumps would need more than {@code heap} (this JVM's {@link Runtime#maxMemory()}). A
     * path that is not a regular file counts nothing here: its reader names it.
     *
     * @throws IOException one line naming the dumps, the estimate, the heap and how to give more
     */
    public static void check(List<Path> dumps, long heap) throws IOException {
        long total = 0;
        List<String> named = new ArrayList<>();
        for (Path p : dumps) {
            if (Files.isRegularFile(p)) {
                long size = Files.size(p);
                total += size;
                named.add(p + " (" + mb(size) + ")");
            }
        }
        long need = estimate(total);
        if (named.isEmpty() || need <= heap) {
            return;
        }
        throw new IOException(String.format(Locale.ROOT, "%s: importing %s needs about %,d MB of heap (%d bytes per "
                        + "dump byte and %d MB), more than the %,d MB this JVM may use: give it more with "
                        + "GPULAB_JAVA_OPTS=%s (JDK_JAVA_OPTIONS on Windows and macOS), or dump fewer namespaces "
                        + "(kubectl get ... -n NAMESPACE)", String.join(", ", named),
                named.size() == 1 ? "it" : "them", need >> 20, BYTES_PER_DUMP_BYTE, BASE_BYTES >> 20, heap >> 20,
                xmx(need)));
    }

    /**
     * The {@code -Xmx} that holds {@code need}: the JVM reports a little less than its {@code -Xmx} as its maximum
     * (a survivor space, a thirtieth of it under the serial collector, is not counted), so 4 % is added, then rounded up to 256 MB up to 768 MB, else to GBs.
     */
    public static String xmx(long need) {
        long want = need + need / 25;
        long gb = 1L << 30;
        long quarter = 256L << 20;
        if (want <= 3 * quarter) {
            return "-Xmx" + ((want + quarter - 1) / quarter * 256) + "m";
        }
        return "-Xmx" + ((want + gb - 1) / gb) + "g";
    }

    private static String mb(long bytes) {
        return bytes < (1 << 20) ? String.format(Locale.ROOT, "%,d bytes", bytes)
                : String.format(Locale.ROOT, "%,d MB", bytes >> 20);
    }
}
