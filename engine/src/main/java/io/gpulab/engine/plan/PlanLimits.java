package io.gpulab.engine.plan;

import io.gpulab.engine.lab.LabLimits;

import java.util.Locale;

/**
 * The bounds of a plan, each checked before anything is replayed and named in its error; docs/plan-format.md
 * ("Limits") lists the same values. The memory a plan needs is estimated up front from the pods and workers its
 * replays hold at once, and a plan that would not fit in the JVM's heap is refused with that estimate.
 */
public final class PlanLimits {

    /** Candidates in a plan. */
    public static final int MAX_CANDIDATES = 50;
    /** Pod templates in a workload. */
    public static final int MAX_TEMPLATES = 1_000;
    /** Pods in a workload, over all templates (or a scenario's, a trace's, a cluster's pods). */
    public static final int MAX_PODS = 200_000;
    /** Workers of a candidate, fixed or {@code maxWorkers}: a lab's own maximum. */
    public static final int MAX_WORKERS = LabLimits.MAX_WORKERS;
    /** Replays one {@code minimize: workers} search may use. */
    public static final int REPLAYS_PER_SEARCH = WorkerSearch.BUDGET;
    /** Heap a pod takes in a replay, measured high (a pending pod holds 1.3–1.9 KB, a placed one its decision). */
    static final long BYTES_PER_POD = 6 * 1024;
    /** Heap a card takes in a replay (its node's share, indexes and usage), measured high. */
    static final long BYTES_PER_CARD = 4 * 1024;
    /** What the JVM holds besides the replays (classes, the plan, its workload). */
    static final long BASE_BYTES = 128L << 20;

    private PlanLimits() {
    }

    /**
     * Refuses a plan whose replays would not fit in {@code heap} bytes: each candidate's replay holds the workload's
     * pods and its workers' cards (a searched candidate at least its capacity lower bound), {@code threads} at once.
     *
     * @throws IllegalArgumentException with the estimate and the heap
     */
    static void checkMemory(Plan plan, Workload w, int threads, long heap, java.util.function.ToIntFunction<Candidate> workers) {
        long[] each = plan.candidates().stream().mapToLong(c -> BYTES_PER_POD * w.pods().size()
                + BYTES_PER_CARD * (long) workers.applyAsInt(c) * Math.max(1, c.cardsPerWorker()))
                .sorted().toArray();
        long atOnce = 0;
        int k = Math.min(Math.max(1, threads), each.length);
        for (int i = 0; i < k; i++) {
            atOnce += each[each.length - 1 - i];
        }
        long need = BASE_BYTES + atOnce;
        if (need > heap) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "this plan needs about %,d MB (%,d pods at "
                    + "%d KB and the largest candidates' cards at %d KB each, %d replays at once), more than the %,d MB "
                    + "this JVM may use: give fewer pods or workers, or more memory (GPULAB_JAVA_OPTS=-Xmx...)",
                    need >> 20, w.pods().size(), BYTES_PER_POD >> 10, BYTES_PER_CARD >> 10, k, heap >> 20));
        }
    }
}
