package io.gpulab.engine.isolation;

/**
 * What one probe of one tenant showed on a copy of the lab after a failure.
 *
 * @param verdict  {@link #KEPT}, {@link #DEGRADED}, {@link #LOST} or {@link #NOT_OBSERVED}
 * @param observed what the copy showed, quoted (the API server's error text, the pod's phase, node and card)
 */
public record Observation(String verdict, String observed) {

    /** The tenant still has it, as without the failure. */
    public static final String KEPT = "kept";
    /** It happened, but not as HAMi would have it (e.g. a pod admitted and bound without HAMi's webhook). */
    public static final String DEGRADED = "degraded";
    /** The tenant lost it: the quoted observation says how. */
    public static final String LOST = "lost";
    /** The probe could not be made (no pod was running before the failure, the failure was not injected). */
    public static final String NOT_OBSERVED = "not observed";

    static Observation kept(String observed) {
        return new Observation(KEPT, observed);
    }

    static Observation degraded(String observed) {
        return new Observation(DEGRADED, observed);
    }

    static Observation lost(String observed) {
        return new Observation(LOST, observed);
    }

    static Observation notObserved(String why) {
        return new Observation(NOT_OBSERVED, why);
    }

    /** Worse than {@code before}: the order is kept, degraded, lost; not observed compares as nothing. */
    boolean worseThan(Observation before) {
        return rank(verdict) > rank(before.verdict) && !NOT_OBSERVED.equals(verdict)
                && !NOT_OBSERVED.equals(before.verdict);
    }

    private static int rank(String v) {
        return switch (v) {
            case KEPT -> 0;
            case DEGRADED -> 1;
            case LOST -> 2;
            default -> -1;
        };
    }
}
