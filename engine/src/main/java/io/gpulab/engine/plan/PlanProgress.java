package io.gpulab.engine.plan;

/** Told how a plan run advances; called from the candidates' worker threads, so implementations must be safe. */
public interface PlanProgress {

    /**
     * @param candidate the candidate's name
     * @param replay    1-based replay number of this candidate (a search runs several)
     * @param fraction  how much of this replay's events are done, 0..1
     */
    void replay(String candidate, int replay, double fraction);

    /** The candidate is finished. */
    void done(String candidate);

    /**
     * The robustness replays (other arrival orders, growth) advance: {@code done} of {@code total} candidate
     * replays are finished. Called with 0 first, then from the replays' threads.
     */
    default void sensitivity(int done, int total) {
    }

    PlanProgress NONE = new PlanProgress() {
        @Override
        public void replay(String candidate, int replay, double fraction) {
        }

        @Override
        public void done(String candidate) {
        }
    };
}
