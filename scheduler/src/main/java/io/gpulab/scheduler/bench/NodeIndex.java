package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;

/**
 * A treap of node ids ordered by preference (best node first) with per-subtree maxima of the
 * {@link NodeSummary} bounds, so a search skips whole subtrees that no node in them could fit.
 * Order key: {@code (key, nameRank)} ascending; the caller makes key = -score for binpack, +score for spread,
 * and nameRank the node's position in name order, which yields HAMi's choice with the smallest-name tie-break.
 */
final class NodeIndex {

    private static final int NIL = -1;
    private final int[] left;
    private final int[] right;
    private final int[] prio;
    private final float[] key;
    private final int[] nameRank;
    private final int[] own;
    private final int[] agg;
    private final long[] ownTypes;
    private final long[] aggTypes;
    private int root = NIL;

    NodeIndex(int n, int[] nameRank, Random rnd) {
        left = new int[n];
        right = new int[n];
        prio = new int[n];
        key = new float[n];
        own = new int[n * NodeSummary.FIELDS];
        agg = new int[n * NodeSummary.FIELDS];
        ownTypes = new long[n];
        aggTypes = new long[n];
        this.nameRank = nameRank;
        for (int i = 0; i < n; i++) {
            prio[i] = rnd.nextInt();
            left[i] = NIL;
            right[i] = NIL;
        }
    }

    /** Inserts node {@code i} with its order key and bounds (the node must not be in the index). */
    void insert(int i, float k, int[] bounds, long types) {
        key[i] = k + 0.0f;
        ownTypes[i] = types;
        System.arraycopy(bounds, 0, own, i * NodeSummary.FIELDS, NodeSummary.FIELDS);
        left[i] = NIL;
        right[i] = NIL;
        pull(i);
        root = insert(root, i);
    }

    /** Removes node {@code i} (its key must be unchanged since insert). */
    void remove(int i) {
        root = remove(root, i);
    }

    private int insert(int t, int i) {
        if (t == NIL) {
            return i;
        }
        if (before(i, t)) {
            left[t] = insert(left[t], i);
            if (prio[left[t]] > prio[t]) {
                return rotateRight(t);
            }
        } else {
            right[t] = insert(right[t], i);
            if (prio[right[t]] > prio[t]) {
                return rotateLeft(t);
            }
        }
        pull(t);
        return t;
    }

    private int remove(int t, int i) {
        if (t == NIL) {
            return NIL;
        }
        if (t == i) {
            return merge(left[t], right[t]);
        }
        if (before(i, t)) {
            left[t] = remove(left[t], i);
        } else {
            right[t] = remove(right[t], i);
        }
        pull(t);
        return t;
    }

    private int rotateRight(int t) {
        int l = left[t];
        left[t] = right[l];
        right[l] = t;
        pull(t);
        pull(l);
        return l;
    }

    private int rotateLeft(int t) {
        int r = right[t];
        right[t] = left[r];
        left[r] = t;
        pull(t);
        pull(r);
        return r;
    }

    /**
     * The first node in order whose bounds admit every request, which has a card type in {@code types} (a bit
     * set of type ids), and which {@code fits} accepts; -1 if none.
     */
    int first(List<ContainerDeviceRequest> reqs, long types, IntPredicate fits) {
        return search(root, reqs, types, fits);
    }

    private int search(int t, List<ContainerDeviceRequest> reqs, long types, IntPredicate fits) {
        if (t == NIL || (aggTypes[t] & types) == 0 || !admits(agg, t, reqs)) {
            return NIL;
        }
        int r = search(left[t], reqs, types, fits);
        if (r != NIL) {
            return r;
        }
        if ((ownTypes[t] & types) != 0 && admits(own, t, reqs) && fits.test(t)) {
            return t;
        }
        return search(right[t], reqs, types, fits);
    }

    private static boolean admits(int[] v, int t, List<ContainerDeviceRequest> reqs) {
        int off = t * NodeSummary.FIELDS;
        for (int i = 0; i < reqs.size(); i++) {
            ContainerDeviceRequest k = reqs.get(i);
            if (!k.isEmpty() && !NodeSummary.mayFit(v, off, k)) {
                return false;
            }
        }
        return true;
    }

    private boolean before(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && nameRank[a] < nameRank[b]);
    }

    private int merge(int a, int b) {
        if (a == NIL) {
            return b;
        }
        if (b == NIL) {
            return a;
        }
        if (prio[a] > prio[b]) {
            right[a] = merge(right[a], b);
            pull(a);
            return a;
        }
        left[b] = merge(a, left[b]);
        pull(b);
        return b;
    }

    private void pull(int t) {
        final int n = NodeSummary.FIELDS;
        int o = t * n;
        System.arraycopy(own, o, agg, o, n);
        long types = ownTypes[t];
        if (left[t] != NIL) {
            maxInto(left[t] * n, o, n);
            types |= aggTypes[left[t]];
        }
        if (right[t] != NIL) {
            maxInto(right[t] * n, o, n);
            types |= aggTypes[right[t]];
        }
        aggTypes[t] = types;
    }

    private void maxInto(int from, int to, int n) {
        for (int f = 0; f < n; f++) {
            agg[to + f] = Math.max(agg[to + f], agg[from + f]);
        }
    }
}
