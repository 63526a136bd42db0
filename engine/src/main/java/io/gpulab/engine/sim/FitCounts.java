package io.gpulab.engine.sim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many nodes both pass kube-scheduler's {@link NodeResourcesFit} for a pod's CPU and memory ({@link KubeScan})
 * and fit its HAMi request ({@link FitIndex}), the count HAMi's FilteringSucceed text and the pass's outcome read:
 * kept per pair of those two indexed answers and brought up to date from the nodes the tenant's {@link NodeJournal}
 * names since, instead of a pass over every node per pod. One per tenant.
 */
final class FitCounts {

    /** Pairs remembered; the least recently used is dropped beyond this. */
    private static final int MAX_PAIRS = 64;

    /** A pair of answers, by identity (an index makes a new answer object when it starts a request afresh). */
    private record Pair(Object kube, FitIndex.Entry fit) {

        @Override
        public boolean equals(Object o) {
            return o instanceof Pair p && p.kube == kube && p.fit == fit;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(kube) * 31 + System.identityHashCode(fit);
        }
    }

    private static final class Count {
        final boolean[] both;
        int count;
        long epoch = -1;
        int seen;

        Count(int nodes) {
            both = new boolean[nodes];
        }
    }

    private final Map<Pair, Count> counts = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Pair, Count> eldest) {
            return size() > MAX_PAIRS;
        }
    };
    private final NodeJournal journal;

    FitCounts(NodeJournal journal) {
        this.journal = journal;
    }

    /** The nodes {@code kube} passes that {@code fit} fits, right after both were brought up to date. */
    int count(KubeScan kube, FitIndex.Entry fit, int nodes) {
        Object answer = kube.answer();
        if (answer == null) {
            return plain(kube, fit, nodes);
        }
        Pair key = new Pair(answer, fit);
        Count c = counts.get(key);
        if (c == null || c.both.length != nodes) {
            c = new Count(nodes);
            counts.put(key, c);
        }
        if (c.epoch != journal.epoch()) {
            int n = 0;
            for (int i = 0; i < nodes; i++) {
                c.both[i] = !kube.fails(i) && fit.scores[i] != null;
                n += c.both[i] ? 1 : 0;
            }
            c.count = n;
            c.epoch = journal.epoch();
        } else {
            for (int j = c.seen; j < journal.size(); j++) {
                int i = journal.at(j);
                boolean now = !kube.fails(i) && fit.scores[i] != null;
                if (now != c.both[i]) {
                    c.both[i] = now;
                    c.count += now ? 1 : -1;
                }
            }
        }
        c.seen = journal.size();
        return c.count;
    }

    /** The same count by a pass over every node. */
    static int plain(KubeScan kube, FitIndex.Entry fit, int nodes) {
        int n = 0;
        for (int i = 0; i < nodes; i++) {
            if (!kube.fails(i) && fit.scores[i] != null) {
                n++;
            }
        }
        return n;
    }
}
