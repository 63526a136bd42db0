package io.gpulab.engine.isolation;

/**
 * Whether what one tenant lost came back once the failure was healed, without any other repair: the tenant observed
 * again as right after the failure (a new probe pod created and scheduled, a read, the first probe pod) and compared
 * with the copy without any failure.
 *
 * @param tenant      the tenant
 * @param verdict     {@link #BACK}, {@link #NOT_BACK}, {@link #NOTHING_LOST} or {@link #NOT_OBSERVED}
 * @param create      a new GPU pod created after the heal
 * @param read        {@code kubectl get pods} after the heal
 * @param schedule    that pod bound to a worker and a card
 * @param keepRunning the pod that ran before the failure running after the heal
 */
public record Recovery(String tenant, String verdict, Observation create, Observation read, Observation schedule,
                       Observation keepRunning) {

    /** The tenant lost something right after the failure; after the heal all four are as without the failure. */
    public static final String BACK = "back";
    /** After the heal, at least one of the four is still worse than without the failure: the observation says how. */
    public static final String NOT_BACK = "not back";
    /** The tenant lost nothing, right after the failure or after the heal. */
    public static final String NOTHING_LOST = "nothing lost";
    /** There was no heal to observe (gpulab has no step undoing the fault, or the lab refused it). */
    public static final String NOT_OBSERVED = "not observed";

    /** The four observations after the heal, in {@link TenantLoss#all()}'s order. */
    public TenantLoss after() {
        return new TenantLoss(tenant, create, read, schedule, keepRunning);
    }

    static Recovery of(TenantLoss baseline, TenantLoss right, TenantLoss healed) {
        String verdict = healed.worseThan(baseline) ? NOT_BACK : right.worseThan(baseline) ? BACK : NOTHING_LOST;
        return new Recovery(healed.tenant(), verdict, healed.create(), healed.read(), healed.schedule(),
                healed.keepRunning());
    }

    static Recovery notObserved(String tenant, String why) {
        Observation o = Observation.notObserved(why);
        return new Recovery(tenant, NOT_OBSERVED, o, o, o, o);
    }
}
