package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * kube-scheduler's choice for pods it places alone ({@link DefaultScheduler#place}) kept up to date per distinct
 * request: for each request, every node that passes {@link NodeResourcesFit} ordered by the profile's score (highest
 * first, the earlier node on a tie, as the plain loop picks), re-scored only for the nodes changed since that request
 * was last placed (read from the tenant's {@link NodeJournal}). In a saturated lab of 20,000 nodes a CPU-only pod then costs a few
 * re-scores instead of a pass over every node; when no node passes, the caller falls back to the plain pass for the
 * failure's per-node reasons. One per tenant.
 */
final class PlaceIndex {

    /** Distinct requests remembered; the least recently used is dropped beyond this (as {@link KubeScan}'s). */
    private static final int MAX_REQUESTS = 256;

    private record Key(HostRequests host, Map<String, Long> scalar) { }

    /**
     * The passing nodes by score: {@link DefaultScheduler#score} is a whole number from 0 to
     * {@link DefaultScheduler#MAX_SCORE}, so one set of node indices per score keeps them in the plain loop's order
     * (the highest score, then the earlier node) with no tree to rebalance at each re-score.
     */
    private static final class Entry {
        final int[] scores;
        /** Each node's version at its last scoring: a node the journal names several times is scored once. */
        final long[] versions;
        final boolean[] passes;
        final BitSet[] passing = new BitSet[DefaultScheduler.MAX_SCORE + 1];
        /** No passing node scores above this (it may be lower: the buckets above it are empty). */
        int top = -1;
        long epoch = -1;
        int seen;

        Entry(int nodes) {
            scores = new int[nodes];
            versions = new long[nodes];
            passes = new boolean[nodes];
        }

        void add(int node, int score) {
            BitSet b = passing[score];
            if (b == null) {
                b = new BitSet(scores.length);
                passing[score] = b;
            }
            b.set(node);
            scores[node] = score;
            passes[node] = true;
            top = Math.max(top, score);
        }

        void remove(int node) {
            passing[scores[node]].clear(node);
            passes[node] = false;
        }

        void clear() {
            for (BitSet b : passing) {
                if (b != null) {
                    b.clear();
                }
            }
            java.util.Arrays.fill(passes, false);
            top = -1;
        }

        /** The highest-scoring passing node, the earliest on a tie, or -1. */
        int first() {
            while (top >= 0 && (passing[top] == null || passing[top].isEmpty())) {
                top--;
            }
            return top < 0 ? -1 : passing[top].nextSetBit(0);
        }
    }

    private final Map<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
            return size() > MAX_REQUESTS;
        }
    };
    private final NodeJournal journal;

    PlaceIndex(NodeJournal journal) {
        this.journal = journal;
    }

    /** The node {@link DefaultScheduler#place} chooses for these requests, or null when no node passes. */
    @Nullable SimNode best(List<SimNode> nodes, HostRequests host, Map<String, Long> scalar) {
        Key key = new Key(host, scalar);
        Entry e = entries.get(key);
        if (e == null || e.scores.length != nodes.size()) {
            e = new Entry(nodes.size());
            entries.put(key, e);
        }
        // a request last placed many changes ago is re-scored over every node when that is shorter
        if (e.epoch != journal.epoch() || journal.size() - e.seen > nodes.size()) {
            e.clear();
            for (int i = 0; i < nodes.size(); i++) {
                rescore(e, i, nodes.get(i), host, scalar);
            }
            e.epoch = journal.epoch();
        } else {
            for (int j = e.seen; j < journal.size(); j++) {
                int i = journal.at(j);
                SimNode n = nodes.get(i);
                if (e.versions[i] != n.version()) {
                    rescore(e, i, n, host, scalar);
                }
            }
        }
        e.seen = journal.size();
        int first = e.first();
        return first < 0 ? null : nodes.get(first);
    }

    private static void rescore(Entry e, int i, SimNode n, HostRequests host, Map<String, Long> scalar) {
        e.versions[i] = n.version();
        if (e.passes[i]) {
            e.remove(i);
        }
        if (DefaultScheduler.passes(n, host, scalar)) {
            e.add(i, (int) DefaultScheduler.score(n, host));
        }
    }
}
