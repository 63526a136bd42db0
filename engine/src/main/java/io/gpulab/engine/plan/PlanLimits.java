package io.gpulab.engine.plan;

import io.gpulab.engine.lab.LabLimits;

import java.util.Locale;

/**
 * The bounds of a plan, each checked before anything is replayed and named in its error; docs/plan-format.md
 * ("Limits") lists the same values. The memory a plan needs is estimated up front from the pods, workers and cards its
 * replays hold at once, and a plan that would not fit in the JVM's heap, or in {@link #HEAP_BUDGET} when no heap was
 * set by hand, is refused with that estimate. Its work is
 * estimated the same way ({@link #work}), and a plan beyond {@link #MAX_WORK} is refused with that estimate too.
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
    /**
     * Heap a pod takes in a replay, on the high side: 2 × 199,000 pending pods peaked at 837 MB live, ~1.9 KB a pod
     * besides the JVM (docs/plan-format.md, "Limits").
     */
    static final long BYTES_PER_POD = 2560;
    /** Heap a worker takes in a replay besides its cards (its node, the scheduler's and kube's views): ~2.1 KB. */
    static final long BYTES_PER_WORKER = 2560;
    /** Heap a card takes in a replay: 400,000 more cards on the same 100,000 workers took 200 MB more, 0.5 KB. */
    static final long BYTES_PER_CARD = 768;
    /** What the JVM holds besides the replays (classes, the plan, its workload). */
    static final long BASE_BYTES = 96L << 20;
    /**
     * The heap a plan may use unless a heap is set by hand ({@code -Xmx}): a gpulab process is bounded at 2 GB (issue
     * 23), and the launcher's JVM holds ~650 MB besides the live replays (its 600 MB young generation and what is
     * outside the heap: resident minus the largest live heap was 648–658 MB on three plans).
     */
    public static final long HEAP_BUDGET = 1400L << 20;

    /**
     * Work a plan may do, in replay steps ({@link #work}): measured at 30–45 µs of CPU a step on a 2-core machine,
     * so that an accepted plan takes under 20 s of CPU (docs/plan-format.md, "Limits"). {@code --max-work} lifts it.
     */
    public static final long MAX_WORK = 400_000;
    /** Steps of a worker in a replay: building and reading one costs about two pods' submits. */
    static final long STEPS_PER_WORKER = 2;
    /** Cards per step: a card costs about an eighth of a pod's submit besides its worker. */
    static final long CARDS_PER_STEP = 8;
    /**
     * Waiting pods rechecked per step, after a departure or a clock advance: a recheck (the kube queue's retry and
     * reading the pod back) was measured at ~11 µs, a quarter of a submit (2,200 pods of which ~940 wait, 445,000
     * rechecks in ~5 s of CPU).
     */
    static final long RECHECKS_PER_STEP = 4;
    /**
     * Replays a {@code minimize: workers} search is counted for, each at the candidate's capacity lower bound: all it
     * may use (the built-in examples' searches took 3–7, openb-8's 9; the later ones at more workers, but those
     * that fall short stop at their first pending pod).
     */
    static final int SEARCH_REPLAYS = REPLAYS_PER_SEARCH;
    /**
     * Replays a searched candidate is counted for under another arrival order: a stable answer costs two, the base
     * answer (grown) and the count below it.
     */
    static final int HINTED_SEARCH_REPLAYS = 2;

    private PlanLimits() {
    }

    /**
     * Refuses a plan whose replays would not fit: its {@link #memory} against {@code heap} bytes, and against
     * {@link #HEAP_BUDGET} unless {@code heapSetByHand} (the user's {@code -Xmx} is then the bound).
     *
     * @throws IllegalArgumentException with the estimate, its parts and the limit
     */
    static void checkMemory(Plan plan, Workload w, int threads, long heap, boolean heapSetByHand,
                            java.util.function.ToIntFunction<Candidate> workers) {
        Memory m = memory(plan, w, threads, workers);
        boolean budget = !heapSetByHand && HEAP_BUDGET < heap;
        long limit = budget ? HEAP_BUDGET : heap;
        if (m.bytes() <= limit) {
            return;
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "this plan needs about %,d MB of heap (%,d pods "
                        + "at %.1f KB, %,d workers at %.1f KB and %,d cards at %.2f KB in the %d replays that run at "
                        + "once, and %d MB for the JVM and the plan), more than the %,d MB %s", m.bytes() >> 20,
                m.pods(), BYTES_PER_POD / 1024.0, m.workers(), BYTES_PER_WORKER / 1024.0, m.cards(),
                BYTES_PER_CARD / 1024.0, m.replays(), BASE_BYTES >> 20, limit >> 20, budget
                        ? "a plan may use (gpulab's 2 GB for a process, less its JVM's young generation and memory "
                        + "outside the heap): give fewer pods, workers or candidates, or set a larger heap by hand ("
                        + "GPULAB_JAVA_OPTS=" + io.gpulab.engine.snapshot.ImportMemory.xmx(m.bytes())
                        + ", JDK_JAVA_OPTIONS on Windows and macOS), which is then the bound"
                        : "this JVM's heap holds: give fewer pods, workers or candidates, or more heap (GPULAB_JAVA_OPTS="
                        + io.gpulab.engine.snapshot.ImportMemory.xmx(m.bytes())
                        + ", JDK_JAVA_OPTIONS on Windows and macOS)"));
    }

    /**
     * The heap a plan's replays need at once, estimated up front: each candidate's replay holds the workload's pods
     * (grown by the largest growth step of {@code sensitivity}), its workers and their cards (a searched candidate at
     * least its capacity lower bound, grown likewise); the {@code threads} largest replays run at once.
     */
    static Memory memory(Plan plan, Workload w, int threads, java.util.function.ToIntFunction<Candidate> workers) {
        SensitivitySpec s = plan.sensitivity();
        int growth = s == null ? 0 : s.growth().stream().mapToInt(g -> Math.max(0, g)).max().orElse(0);
        double f = 1 + growth / 100.0;
        long pods = (long) Math.ceil(w.pods().size() * f - 1e-9);
        long[][] each = plan.candidates().stream().map(c -> {
            long n = (long) Math.ceil(workers.applyAsInt(c) * f - 1e-9);
            long cards = n * Math.max(1, c.cardsPerWorker());
            return new long[] {BYTES_PER_POD * pods + BYTES_PER_WORKER * n + BYTES_PER_CARD * cards, n, cards};
        }).sorted(java.util.Comparator.comparingLong(e -> -e[0])).toArray(long[][]::new);
        int k = Math.min(Math.max(1, threads), each.length);
        long bytes = BASE_BYTES;
        long n = 0;
        long cards = 0;
        for (int i = 0; i < k; i++) {
            bytes += each[i][0];
            n += each[i][1];
            cards += each[i][2];
        }
        return new Memory(bytes, pods * k, n, cards, k);
    }

    /** {@link #memory}'s estimate and what it counts: pods, workers and cards of the replays that run at once. */
    record Memory(long bytes, long pods, long workers, long cards, int replays) {
    }

    /**
     * The replay steps a plan takes: every replay counts the workload's pods (also those it skips as never fitting:
     * they are read and counted), two steps a worker and a step per eight cards; a fixed candidate replays once, a
     * searched one {@link #SEARCH_REPLAYS} times at {@code workers} (its capacity lower bound), and each robustness
     * order and growth step replays every candidate again on the grown workload (a search from the base answer
     * {@link #HINTED_SEARCH_REPLAYS} times, at that answer grown likewise). A workload with departures or clock advances
     * adds, per replay, its {@link Departures#rechecks}.
     *
     * @param need per candidate, the workers that hold the whole workload's demand (its capacity lower bound)
     */
    static long work(Plan plan, Workload w, java.util.function.ToIntFunction<Candidate> workers,
                     java.util.function.ToIntFunction<Candidate> need) {
        long pods = w.pods().size();
        Departures d = Departures.of(w);
        long total = 0;
        for (Candidate c : plan.candidates()) {
            long n = workers.applyAsInt(c);
            long m = need.applyAsInt(c);
            total += (c.minimize() ? SEARCH_REPLAYS : 1) * (replay(pods, n, c) + d.rechecks(n, m, pods, 1));
        }
        SensitivitySpec s = plan.sensitivity();
        if (s != null) {
            for (int g : s.growth()) {
                double f = 1 + Math.max(0, g) / 100.0;
                long grownPods = pods + (long) Math.ceil(pods * (Math.max(0, g) / 100.0) - 1e-9);
                for (Candidate c : plan.candidates()) {
                    long n = (long) Math.ceil(workers.applyAsInt(c) * f - 1e-9);
                    long m = (long) Math.ceil(need.applyAsInt(c) * f - 1e-9);
                    total += (long) s.orders() * (c.minimize() ? HINTED_SEARCH_REPLAYS : 1)
                            * (replay(grownPods, n, c) + d.rechecks(n, m, pods, f));
                }
            }
        }
        return total;
    }

    /** {@link #work} of a plan whose candidates' counts hold the workload (no pod waits for a departure). */
    static long work(Plan plan, Workload w, java.util.function.ToIntFunction<Candidate> workers) {
        return work(plan, w, workers, workers);
    }

    private static long replay(long pods, long workers, Candidate c) {
        return pods + workerSteps(workers, c);
    }

    /** The steps of a replay's workers and their cards, besides its pods. */
    static long workerSteps(long workers, Candidate c) {
        return STEPS_PER_WORKER * workers + workers * Math.max(1, c.cardsPerWorker()) / CARDS_PER_STEP;
    }

    /**
     * A trace's departures and clock advances, each of which rechecks the pods waiting then
     * ({@link #RECHECKS_PER_STEP} a step): {@code events} of them, and at most {@code peak} pods present at once.
     */
    record Departures(long events, long peak) {

        static Departures of(Workload w) {
            long events = 0;
            long present = 0;
            long peak = 0;
            for (Arrival e : w.events()) {
                if (e instanceof Arrival.Submit) {
                    peak = Math.max(peak, ++present);
                } else if (e instanceof Arrival.Delete) {
                    present--;
                    events++;
                } else {
                    events++;
                }
            }
            return new Departures(events, peak);
        }

        /**
         * The steps of the rechecks of one replay on {@code workers} where {@code need} hold the whole workload: at
         * the busiest moment the pods beyond what those workers hold wait, taken as waiting at every departure and
         * advance ({@code grown}: the workload's growth factor, which scales the events and the pods alike).
         */
        long rechecks(long workers, long need, long pods, double grown) {
            if (events == 0 || pods == 0 || need <= 0) {
                return 0;
            }
            // the busiest moment needs that share of the whole workload's workers
            double busiest = (double) need * peak / pods;
            double waiting = peak * grown * Math.max(0, 1 - workers / busiest);
            return (long) Math.ceil(events * grown * waiting / RECHECKS_PER_STEP - 1e-9);
        }
    }

    /**
     * Refuses a plan whose {@link #work} exceeds {@code max} steps.
     *
     * @throws IllegalArgumentException with the estimate, the bound and how to lift it
     */
    static void checkWork(Plan plan, Workload w, long max, java.util.function.ToIntFunction<Candidate> workers) {
        checkWork(plan, w, max, workers, workers);
    }

    /**
     * Refuses a plan whose {@link #work} exceeds {@code max} steps.
     *
     * @throws IllegalArgumentException with the estimate, the bound and how to lift it
     */
    static void checkWork(Plan plan, Workload w, long max, java.util.function.ToIntFunction<Candidate> workers,
                          java.util.function.ToIntFunction<Candidate> need) {
        long work = work(plan, w, workers, need);
        if (work > max) {
            int replays = 0;
            for (Candidate c : plan.candidates()) {
                replays += c.minimize() ? SEARCH_REPLAYS : 1;
            }
            SensitivitySpec s = plan.sensitivity();
            if (s != null) {
                for (Candidate c : plan.candidates()) {
                    replays += s.orders() * s.growth().size() * (c.minimize() ? HINTED_SEARCH_REPLAYS : 1);
                }
            }
            throw new IllegalArgumentException(String.format(Locale.ROOT, "this plan's replays take about %,d steps "
                    + "(%,d pods, %,d replays; a step is a pod submitted, half a worker or eight cards), more than "
                    + "the %,d a plan may take%s: give fewer pods, workers, candidates or orders, "
                    + "or lift the bound with --max-work %d", work, w.pods().size(), replays, max,
                    max == MAX_WORK ? " (about 20 s of CPU)" : "", work));
        }
    }
}
