package io.gpulab.engine.sim;

import java.util.Arrays;

/**
 * The order in which a tenant's nodes changed, read by the indexes that keep an answer per request over every node
 * ({@link KubeScan}, {@link FitIndex}, {@link PlaceIndex}, {@link FailureMemo}): each remembers how far it has read
 * and brings its answer up to date from the nodes named since, so a pod costs the nodes that changed, not all of
 * them. Past {@value #MAX} entries the journal restarts in a new epoch, and a reader from an older epoch recomputes
 * over every node once. One per tenant.
 */
final class NodeJournal {

    static final int MAX = 1 << 16;

    private int[] entries = new int[256];
    private int size;
    private long epoch;

    /** Node {@code index} changed. */
    void changed(int index) {
        if (size == MAX) {
            epoch++;
            size = 0;
        }
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[size++] = index;
    }

    /** Entries written in this epoch. */
    int size() {
        return size;
    }

    /** The node index of entry {@code j} (below {@link #size}). */
    int at(int j) {
        return entries[j];
    }

    /** Moves on when the journal restarts: positions read in an older epoch mean nothing. */
    long epoch() {
        return epoch;
    }
}
