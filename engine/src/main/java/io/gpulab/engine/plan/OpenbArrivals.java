package io.gpulab.engine.plan;

/** The openb trace's FGD arrival model (no departures, resampled to {@code inflate} × capacity). */
final class OpenbArrivals {

    private OpenbArrivals() {
    }

    static Workload fgd(WorkloadResolver resolver, WorkloadSpec.Openb o) {
        throw new IllegalArgumentException(o.pods() + ": arrivals: fgd is not available in this build;"
                + " use arrivals: trace");
    }
}
