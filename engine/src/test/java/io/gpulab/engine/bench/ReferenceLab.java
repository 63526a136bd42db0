package io.gpulab.engine.bench;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Benchmark-only: the simulated lab's capacities in plain arrays, copied from its first snapshot (workers' CPU and
 * memory, already-requested CPU and memory, each card's type, memory, compute and sharing slots), with the checks
 * the sim makes before a pod can land on a node: kube's {@code NodeResourcesFit} (the kubelet's 110 pods, CPU,
 * memory) and HAMi's card capacity checks (memory, cores, exclusivity, slots, {@code use-gputype}). Used two ways by
 * {@link FidelityBench}: following the sim's own decisions (to prove it models the lab as the sim does: every
 * placement it sees must fit here, every pending pod must fit nowhere) and as the lab the FGD artifact's BestFit
 * ({@link FgdBestFit}) schedules on. Nothing here is a product policy.
 */
final class ReferenceLab {

    /** The kubelet's default {@code maxPods}, as the sim's NodeResourcesFit. */
    static final int MAX_PODS = 110;
    /** A whole card in FGD's GPU-milli. */
    static final int CARD_MILLI = 1000;

    final String[] names;
    final long[] cpuCap;
    final long[] cpuUsed;
    final long[] memCapMiB;
    final long[] memUsedMiB;
    final int[] pods;
    final Card[][] cards;
    private final Map<String, Integer> nodeIndex = new HashMap<>();
    private final Map<String, int[]> cardIndex = new HashMap<>();

    /** One card's capacity and bookings. */
    static final class Card {
        final String id;
        final String type;
        final int memMB;
        final int cores;
        final int slots;
        int usedMem;
        int usedCores;
        int usedSlots;

        Card(CardView c) {
            this.id = c.id();
            this.type = c.type();
            this.memMB = c.memMB();
            this.cores = c.cores();
            this.slots = c.slots();
            this.usedMem = c.usedMemMB();
            this.usedCores = c.usedCores();
            this.usedSlots = c.usedSlots();
        }

        /** HAMi's capacity checks for one container-card of {@code p} (NvidiaFit.capacityCheck and the slot check). */
        boolean fits(RefPod p) {
            if (!p.typeAllowed(type) || usedSlots >= slots) {
                return false;
            }
            int memreq = p.memReq(memMB);
            if (memMB - usedMem < memreq || cores - usedCores < p.cores()) {
                return false;
            }
            return !(cores == 100 && p.cores() == 100 && usedSlots > 0);
        }

        /** FGD's GPU-milli still free on this card. */
        int freeMilli() {
            return cores <= 0 ? 0 : CARD_MILLI - (int) Math.min(CARD_MILLI, (long) CARD_MILLI * usedCores / cores);
        }
    }

    private ReferenceLab(List<NodeView> nodes) {
        int n = nodes.size();
        names = new String[n];
        cpuCap = new long[n];
        cpuUsed = new long[n];
        memCapMiB = new long[n];
        memUsedMiB = new long[n];
        pods = new int[n];
        cards = new Card[n][];
        for (int i = 0; i < n; i++) {
            NodeView v = nodes.get(i);
            names[i] = v.name();
            cpuCap[i] = v.cpu() * 1000L;
            cpuUsed[i] = v.cpuRequestedMilli();
            memCapMiB[i] = v.memoryMiB();
            memUsedMiB[i] = v.memoryRequestedMiB();
            cards[i] = new Card[v.cards().size()];
            for (int c = 0; c < cards[i].length; c++) {
                cards[i][c] = new Card(v.cards().get(c));
                cardIndex.put(cards[i][c].id, new int[] {i, c});
            }
            nodeIndex.put(v.name(), i);
        }
    }

    /** The workers of every tenant of the snapshot, in the sim's order (tenant, then worker as listed). */
    static ReferenceLab of(LabSnapshot s) {
        List<NodeView> all = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            all.addAll(t.nodes());
        }
        return new ReferenceLab(all);
    }

    int size() {
        return names.length;
    }

    int node(String name) {
        Integer i = nodeIndex.get(name);
        if (i == null) {
            throw new IllegalArgumentException("no node " + name);
        }
        return i;
    }

    /** kube's NodeResourcesFit: pod count, then CPU, then memory (a zero request always fits). */
    boolean hostFits(int n, RefPod p) {
        return pods[n] + 1 <= MAX_PODS
                && (p.cpuMilli() <= 0 || p.cpuMilli() <= cpuCap[n] - cpuUsed[n])
                && (p.memMiB() <= 0 || p.memMiB() <= memCapMiB[n] - memUsedMiB[n]);
    }

    /** Whether {@code numGpu} distinct cards of the node fit the pod (none asked: true). */
    boolean cardsFit(int n, RefPod p) {
        if (p.numGpu() == 0) {
            return true;
        }
        int fit = 0;
        for (Card c : cards[n]) {
            if (c.fits(p) && ++fit == p.numGpu()) {
                return true;
            }
        }
        return false;
    }

    boolean fits(int n, RefPod p) {
        return hostFits(n, p) && cardsFit(n, p);
    }

    /** The first node the pod fits on, or -1. */
    int anyFit(RefPod p) {
        for (int n = 0; n < names.length; n++) {
            if (fits(n, p)) {
                return n;
            }
        }
        return -1;
    }

    /** Books the pod on node {@code n} and these cards (indices into the node's cards; one per container-card). */
    void place(int n, RefPod p, int[] cardIdx) {
        cpuUsed[n] += p.cpuMilli();
        memUsedMiB[n] += p.memMiB();
        pods[n]++;
        for (int c : cardIdx) {
            Card card = cards[n][c];
            card.usedMem += p.memReq(card.memMB);
            card.usedCores += p.cores();
            card.usedSlots++;
        }
    }

    /** Books what the sim gave the pod (its node and the cards of its device allocations). */
    void placeAsSim(RefPod p, PodView v) {
        int n = node(v.node());
        cpuUsed[n] += p.cpuMilli();
        memUsedMiB[n] += p.memMiB();
        pods[n]++;
        for (PodView.DeviceAllocation d : v.devices()) {
            int[] at = cardIndex.get(d.id());
            if (at == null || at[0] != n) {
                throw new IllegalStateException("card " + d.id() + " of " + v.key() + " is not on " + v.node());
            }
            Card card = cards[n][at[1]];
            card.usedMem += d.memMB();
            card.usedCores += d.cores();
            card.usedSlots++;
        }
    }

    /** FGD's total GPU-milli still free on the node. */
    long freeMilli(int n) {
        long free = 0;
        for (Card c : cards[n]) {
            free += c.freeMilli();
        }
        return free;
    }

    long capacityMilli() {
        long cap = 0;
        for (Card[] cs : cards) {
            cap += (long) cs.length * CARD_MILLI;
        }
        return cap;
    }

    /** GPU-milli allocated, as docs/metrics.md's {@code gpuAllocation} counts it. */
    long allocatedMilli() {
        long used = 0;
        for (Card[] cs : cards) {
            for (Card c : cs) {
                used += CARD_MILLI - c.freeMilli();
            }
        }
        return used;
    }

    int maxPods() {
        int m = 0;
        for (int v : pods) {
            m = Math.max(m, v);
        }
        return m;
    }

    long cpuRequested() {
        long s = 0;
        for (long v : cpuUsed) {
            s += v;
        }
        return s;
    }
}
