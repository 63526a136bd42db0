package io.gpulab.engine.sim;

import io.gpulab.scheduler.filter.FilterContext;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Failed HAMi filter answers of one tenant, kept across node changes that do not touch them. A failed answer (kube's
 * FitError text, the dominant reason, HAMi's FilteringFailed events, the failed nodes listed) is a function of each
 * node's kube-scheduler reasons for the pod's CPU, memory and pod count, and, on the nodes kube passes, of HAMi's
 * reason for the pod's device request (and each node's card count, which kube's reasons are weighed by). So a pod
 * with the same request fails with the same answer while every node changed since still gives those same reasons:
 * in a saturated lab a placement on one node rarely changes what the nodes say to a pod that fits nowhere, and
 * checking the changed nodes costs a few comparisons instead of a pass over thousands of nodes.
 */
final class FailureMemo {

    /** Requests remembered; the least recently used is dropped beyond this. */
    private static final int MAX_REQUESTS = 64;
    /** One remembered answer and what every node said when it was computed. */
    private static final class Memo {
        final Scheduling.Failure failure;
        final int[] masks;
        final String[] reasons;
        final int[] cards;
        /** The journal's epoch when made: a restarted journal no longer says what changed since. */
        final long epoch;
        int seen;

        Memo(Scheduling.Failure failure, int[] masks, String[] reasons, int[] cards, long epoch, int seen) {
            this.failure = failure;
            this.masks = masks;
            this.reasons = reasons;
            this.cards = cards;
            this.epoch = epoch;
            this.seen = seen;
        }
    }

    private final Map<Object, Memo> memos = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, Memo> eldest) {
            return size() > MAX_REQUESTS;
        }
    };
    private final NodeJournal journal;

    FailureMemo(NodeJournal journal) {
        this.journal = journal;
    }

    /**
     * The answer remembered for {@code key} if every node changed since gives the pod the same reasons, else null.
     * Brings the tenant's {@link FitIndex} entry for the request up to date when a changed node passes kube.
     */
    Scheduling.@Nullable Failure get(Object key, SimTenant t, FilterContext ctx, HostRequests host) {
        Memo m = memos.get(key);
        if (m == null) {
            return null;
        }
        if (m.epoch != journal.epoch() || journal.size() - m.seen > t.nodeList.size() / 4) {
            // much has changed: recomputing is as cheap as checking
            memos.remove(key);
            return null;
        }
        FitIndex.Entry e = null;
        for (int j = m.seen; j < journal.size(); j++) {
            int i = journal.at(j);
            SimNode n = t.nodeList.get(i);
            int mask = KubeScan.mask(n, host);
            boolean same = mask == m.masks[i] && cards(n) == m.cards[i];
            if (same && mask == 0) {
                if (e == null) {
                    e = t.fits.entry(ctx, t.nodeList, t.nodeInfos());
                }
                // interned texts: a node that now fits has no reason and differs
                same = e.reasons[i] != null && e.reasons[i].equals(m.reasons[i]);
            }
            if (!same) {
                memos.remove(key);
                return null;
            }
        }
        m.seen = journal.size();
        return m.failure;
    }

    /**
     * Remembers a failure just computed for {@code key} (kube's scan of the pod is in {@code t.kube}, and the request's
     * {@link FitIndex} entry is up to date when some node passed kube).
     */
    void put(Object key, SimTenant t, FilterContext ctx, Scheduling.Failure f) {
        int n = t.nodeList.size();
        int[] masks = new int[n];
        int[] cards = new int[n];
        boolean anyPass = false;
        for (int i = 0; i < n; i++) {
            masks[i] = t.kube.mask(i);
            cards[i] = cards(t.nodeList.get(i));
            anyPass |= masks[i] == 0;
        }
        String[] reasons = anyPass ? t.fits.entry(ctx, t.nodeList, t.nodeInfos()).reasons.clone() : new String[n];
        memos.put(key, new Memo(f, masks, reasons, cards, journal.epoch(), journal.size()));
    }

    private static int cards(SimNode n) {
        return n.registration().devices().size();
    }
}
