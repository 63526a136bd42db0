package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * kube-scheduler's choice for pods it places alone ({@link DefaultScheduler#place}) kept up to date per distinct
 * request: for each request, every node that passes {@link NodeResourcesFit} ordered by the profile's score (highest
 * first, the earlier node on a tie, as the plain loop picks), re-scored only for the nodes changed since that request
 * was last placed (read from the tenant's {@link NodeJournal}). In a saturated lab of 20,000 nodes a CPU-only pod then costs a few
 * re-scores instead of a pass over every node; when no node passes, the caller falls back to the plain pass for the
 * failure's per-node reasons. One per tenant.
 */
final class PlaceIndex {

    /** Distinct requests remembered; the least recently used is dropped beyond this. */
    private static final int MAX_REQUESTS = 64;

    private record Key(HostRequests host, Map<String, Long> scalar) { }

    private static final class Entry {
        final long[] scores;
        /** Each node's version at its last scoring: a node the journal names several times is scored once. */
        final long[] versions;
        final boolean[] passes;
        final TreeSet<Integer> passing;
        long epoch = -1;
        int seen;

        Entry(int nodes) {
            scores = new long[nodes];
            versions = new long[nodes];
            passes = new boolean[nodes];
            passing = new TreeSet<>((a, b) -> {
                int c = Long.compare(scores[b], scores[a]);
                return c != 0 ? c : Integer.compare(a, b);
            });
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
        if (e.epoch != journal.epoch()) {
            e.passing.clear();
            for (int i = 0; i < nodes.size(); i++) {
                e.passes[i] = false;
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
        return e.passing.isEmpty() ? null : nodes.get(e.passing.first());
    }

    private static void rescore(Entry e, int i, SimNode n, HostRequests host, Map<String, Long> scalar) {
        e.versions[i] = n.version();
        if (e.passes[i]) {
            e.passing.remove(i);
            e.passes[i] = false;
        }
        if (DefaultScheduler.passes(n, host, scalar)) {
            e.scores[i] = DefaultScheduler.score(n, host);
            e.passes[i] = true;
            e.passing.add(i);
        }
    }
}
