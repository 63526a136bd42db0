package io.gpulab.engine.bench;

import java.util.Random;

/**
 * Benchmark-only reference, NOT a product policy: the FGD artifact's BestFit as its experiments ran it
 * (hkust-adsl/kubernetes-scheduler-simulator, {@code pkg/simulator/plugin/best_fit_score.go} with weight 1000 and
 * every other score plugin disabled, {@code percentageOfNodesToScore: 100}, GPU selection {@code best}):
 * <ul>
 *   <li>feasible nodes: kube's NodeResourcesFit (pods, CPU, memory) and a GPU fit, here the sim's own checks
 *       ({@link ReferenceLab#fits}), which for openb's requests are FGD's per-card GPU-milli fit;</li>
 *   <li>score: {@code int64((1 - (0.5 (cpuFree - cpuReq) / 128000 + 0.5 (gpuFree - gpuReq) / 8000)) * 100)} with
 *       {@code cpuFree} the node's unrequested millicores and {@code gpuFree} its free GPU-milli summed over cards
 *       (MaxSpecCpu 128000, MaxSpecGpu 8000); memory is not scored. The min-max normalisation that follows keeps
 *       the order of these integers, so the highest one wins;</li>
 *   <li>ties: kube-scheduler's {@code selectHost}, uniformly at random among the nodes with the highest score
 *       (here a {@link Random} seeded by the caller; the artifact's Go generator cannot be reproduced);</li>
 *   <li>cards ({@code allocateGpuIdBasedOnBestFit}): a shared pod takes the card with the least free GPU-milli that
 *       fits it (first by index on ties); a whole-card pod takes the first fully free cards by index.</li>
 * </ul>
 * CPU-only pods are scored the same way (the artifact sends every pod through this profile).
 */
final class FgdBestFit {

    static final double MAX_SPEC_CPU = 128_000;
    static final double MAX_SPEC_GPU = 8_000;

    /** How a pod's node is scored (benchmark-only stand-ins; see the class comment and {@link ReferenceLab}). */
    enum NodeScore {
        /** The artifact's BestFit with the variant's CPU and GPU weights; highest wins. */
        BEST_FIT,
        /**
         * HAMi v2.10's node score as docs/benchmarks.md describes it, for the decomposition only (the product's
         * decisions are the sim's): {@code 10 (usedSlots/slots + usedCores/cores + usedMem/mem)} over the node's
         * cards before the pod, highest wins, ties to the smallest node name.
         */
        HAMI_BINPACK,
        /** kube's default profile (LeastAllocated on CPU and memory + BalancedAllocation), ties to the first node. */
        KUBE_DEFAULT
    }

    /** How a node's cards are chosen. */
    enum Cards {
        /** allocateGpuIdBasedOnBestFit: the tightest card for a share, the first free cards for whole ones. */
        FGD_BEST,
        /** HAMi's default {@code gpuSchedulerPolicy: spread}: the card with the lowest usage score first. */
        HAMI_SPREAD
    }

    /**
     * One experiment of docs/benchmarks.md ("Fidelity"): how GPU pods and CPU-only pods are placed, how cards are
     * chosen, and whether ties go to a random node (kube's selectHost) or the first one.
     */
    record Variant(String name, NodeScore gpuPods, NodeScore cpuPods, Cards cards, double cpuWeight,
                   double gpuWeight, boolean randomTies) {

        Variant(String name, double cpuWeight, double gpuWeight, boolean randomTies) {
            this(name, NodeScore.BEST_FIT, NodeScore.BEST_FIT, Cards.FGD_BEST, cpuWeight, gpuWeight, randomTies);
        }
    }

    static final Variant ARTIFACT = new Variant("BestFit (artifact)", 0.5, 0.5, true);

    private final ReferenceLab lab;
    private final Variant v;
    private final Random random;

    FgdBestFit(ReferenceLab lab, Variant v, long seed) {
        this.lab = lab;
        this.v = v;
        this.random = new Random(seed);
    }

    /** BestFit's integer score of node {@code n} for the pod (higher is better). */
    static long score(long cpuFree, long gpuFree, RefPod p, double cpuWeight, double gpuWeight) {
        double score = 0;
        // same operations in the same order as the Go code, so the same doubles and the same truncation
        score += (cpuFree - p.cpuMilli()) / MAX_SPEC_CPU * cpuWeight;
        score += (gpuFree - p.milli()) / MAX_SPEC_GPU * gpuWeight;
        return (long) ((1.0 - score) * 100);
    }

    /** HAMi's node score on existing usage (float32, as HAMi computes it), scaled to compare as a long. */
    private long hamiScore(int n) {
        long used = 0;
        long total = 0;
        long usedCore = 0;
        long totalCore = 0;
        long usedMem = 0;
        long totalMem = 0;
        for (ReferenceLab.Card c : lab.cards[n]) {
            used += c.usedSlots;
            total += c.slots;
            usedCore += c.usedCores;
            totalCore += c.cores;
            usedMem += c.usedMem;
            totalMem += c.memMB;
        }
        if (total == 0 || totalCore == 0 || totalMem == 0) {
            return 0;
        }
        float s = 10f * ((float) used / total + (float) usedCore / totalCore + (float) usedMem / totalMem);
        return Float.floatToIntBits(s); // order-preserving for non-negative floats
    }

    private long kubeScore(int n, RefPod p) {
        long cpuCap = lab.cpuCap[n];
        long memCap = lab.memCapMiB[n] << 20;
        long memUsed = lab.memUsedMiB[n] << 20;
        long cpuNz = lab.cpuUsed[n] + (p.cpuMilli() == 0 ? 100 : p.cpuMilli());
        long memNz = memUsed + (p.memMiB() == 0 ? 200L << 20 : p.memMiB() << 20);
        long least = (least(cpuNz, cpuCap) + least(memNz, memCap)) / 2;
        double fc = cpuCap == 0 ? 0 : Math.min(1.0, (double) (lab.cpuUsed[n] + p.cpuMilli()) / cpuCap);
        double fm = memCap == 0 ? 0 : Math.min(1.0, (double) (memUsed + (p.memMiB() << 20)) / memCap);
        return least + (long) ((1 - Math.abs(fc - fm) / 2) * 100);
    }

    private static long least(long requested, long capacity) {
        return capacity == 0 || requested > capacity ? 0 : (capacity - requested) * 100 / capacity;
    }

    /** Schedules the pod; the node index, or -1 when no node fits (the pod stays pending, as in the artifact). */
    int schedule(RefPod p) {
        NodeScore how = p.numGpu() > 0 ? v.gpuPods() : v.cpuPods();
        boolean random = v.randomTies() && how == NodeScore.BEST_FIT;
        int best = -1;
        long bestScore = Long.MIN_VALUE;
        int ties = 0;
        for (int n = 0; n < lab.size(); n++) {
            if (!lab.fits(n, p)) {
                continue;
            }
            long s = switch (how) {
                case BEST_FIT -> score(lab.cpuCap[n] - lab.cpuUsed[n], lab.freeMilli(n), p, v.cpuWeight(),
                        v.gpuWeight());
                case HAMI_BINPACK -> hamiScore(n);
                case KUBE_DEFAULT -> kubeScore(n, p);
            };
            if (s > bestScore || how == NodeScore.HAMI_BINPACK && s == bestScore
                    && lab.names[n].compareTo(lab.names[best]) < 0) {
                bestScore = s;
                best = n;
                ties = 1;
            } else if (s == bestScore) {
                ties++;
                if (random && this.random.nextInt(ties) == 0) {
                    best = n;
                }
            }
        }
        if (best >= 0) {
            lab.place(best, p, v.cards() == Cards.FGD_BEST ? cards(best, p) : spreadCards(best, p));
        }
        return best;
    }

    /** HAMi's spread: cards by usage score descending (stable), tried from the end: emptiest first, last index first. */
    private int[] spreadCards(int n, RefPod p) {
        ReferenceLab.Card[] cs = lab.cards[n];
        Integer[] order = new Integer[cs.length];
        float[] score = new float[cs.length];
        for (int c = 0; c < cs.length; c++) {
            order[c] = c;
            ReferenceLab.Card d = cs[c];
            score[c] = 10f * ((float) d.usedSlots / d.slots + (float) d.usedCores / d.cores
                    + (float) d.usedMem / d.memMB);
        }
        java.util.Arrays.sort(order, (a, b) -> Float.compare(score[b], score[a]));
        int[] out = new int[p.numGpu()];
        int k = 0;
        for (int i = cs.length - 1; i >= 0 && k < out.length; i--) {
            if (cs[order[i]].fits(p)) {
                out[k++] = order[i];
            }
        }
        return out;
    }

    /** allocateGpuIdBasedOnBestFit: the tightest card for a shared pod, the first free cards for whole ones. */
    private int[] cards(int n, RefPod p) {
        ReferenceLab.Card[] cs = lab.cards[n];
        if (p.numGpu() == 0) {
            return new int[0];
        }
        if (p.numGpu() == 1 && p.cores() < 100) {
            int pick = -1;
            for (int c = 0; c < cs.length; c++) {
                if (cs[c].fits(p) && (pick < 0 || cs[c].freeMilli() < cs[pick].freeMilli())) {
                    pick = c;
                }
            }
            return new int[] {pick};
        }
        int[] out = new int[p.numGpu()];
        int k = 0;
        for (int c = 0; c < cs.length && k < out.length; c++) {
            if (cs[c].fits(p)) {
                out[k++] = c;
            }
        }
        if (k < out.length) {
            throw new IllegalStateException("node " + lab.names[n] + " passed the fit but has " + k + " free cards");
        }
        return out;
    }
}
