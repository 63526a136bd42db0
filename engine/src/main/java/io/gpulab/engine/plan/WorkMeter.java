package io.gpulab.engine.plan;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The replay steps one plan run has taken, counted as they are replayed in the units of {@link PlanLimits#work}
 * (a pod submitted, half a worker, eight cards, four waiting pods rechecked after a departure or a clock
 * advance).
 * The up-front estimate cannot know how many replays a search takes under another arrival order, nor how many pods
 * wait at each departure of a trace; this count does, and stops the plan once it passes the bound. Shared by the
 * candidates' threads: the first replay past the bound throws, and every other replay throws at its next step.
 */
final class WorkMeter {

    private final long max;
    private final long estimate;
    private final AtomicLong done = new AtomicLong();
    private final AtomicReference<PlanWorkExceeded> stopped = new AtomicReference<>();

    WorkMeter(long max, long estimate) {
        this.max = max;
        this.estimate = estimate;
    }

    /** A meter that never stops a plan (the Plan window's: its Cancel is the bound). */
    static WorkMeter unbounded() {
        return new WorkMeter(Long.MAX_VALUE, 0);
    }

    /** Steps done so far. */
    long done() {
        return done.get();
    }

    /** Where in the plan a replay runs, named in the stop's message. */
    Tally at(String where) {
        return new Tally(where);
    }

    /** One replay's view of the meter. */
    final class Tally {
        private final String where;
        /** Rechecks not yet counted as a whole step. */
        private long rechecks;

        private Tally(String where) {
            this.where = where;
        }

        /**
         * @throws PlanWorkExceeded once the plan's steps pass its bound
         */
        void add(long steps) {
            long now = done.addAndGet(steps);
            if (now > max) {
                throw stop(now, where);
            }
        }

        /** {@code waiting} pods rechecked after a departure or a clock advance. */
        void recheck(int waiting) {
            rechecks += waiting;
            if (rechecks >= PlanLimits.RECHECKS_PER_STEP) {
                long steps = rechecks / PlanLimits.RECHECKS_PER_STEP;
                rechecks -= steps * PlanLimits.RECHECKS_PER_STEP;
                add(steps);
            }
        }
    }

    /** The first replay past the bound says where it was; the others, at their next step, throw the same. */
    private PlanWorkExceeded stop(long now, String where) {
        stopped.compareAndSet(null, new PlanWorkExceeded(String.format(Locale.ROOT, "this plan was stopped after "
                + "%,d replay steps, past the %,d a plan may take (%sestimated up front at %,d), at %s: give fewer "
                + "pods, workers, candidates or orders, or lift the bound with --max-work", now, max,
                max == PlanLimits.MAX_WORK ? "about 20 s of CPU; " : "", estimate, where), max, now));
        return stopped.get();
    }
}
