package io.gpulab.app.report;

import io.gpulab.engine.metrics.LabMetrics;
import java.util.Locale;

/**
 * A lab's GPU capacity figures in words that say how each was computed: booked of registered, in which unit, over
 * which cards, at which moment ("GPU memory booked 15.3 %" alone did not say of what). The definitions are those of
 * docs/metrics.md ({@link LabMetrics}).
 */
final class CapacityWords {

    private CapacityWords() {
    }

    /**
     * "on all 3 GPU cards, booked at the moment reported: GPU allocation 10.0 % (100 of 3,000 GPU-milli), GPU memory
     * 15.3 % (20,000 of 131,072 MB), compute 10.0 % (30 of 300 core units), sharing slots 3.3 % (1 of 30)".
     */
    static String figures(LabMetrics m) {
        return "on " + (m.cards() == 1 ? "the lab's 1 GPU card" : "all " + fmt(m.cards()) + " GPU cards of the lab")
                + ", booked at the moment reported (not an average): GPU allocation " + usage(m.gpuAllocation(),
                "GPU-milli") + ", GPU memory " + usage(m.gpuMemory(), "MB") + ", compute "
                + usage(m.gpuCompute(), "core units") + ", sharing slots " + usage(m.gpuSlots(), "slots");
    }

    /** The definitions, for a report's limits page (one bullet). */
    static String definitions() {
        return "How the capacity figures are computed. Each percentage is what HAMi has booked divided by what the "
                + "cards registered, summed over every card of every tenant's workers (unhealthy cards included), "
                + "read once at the moment the lab was reported, never averaged over time. GPU allocation is FGD's "
                + "measure (Weng et al., USENIX ATC '23): a card is 1,000 GPU-milli and holds 1,000 × its booked "
                + "compute ÷ its compute, at most 1,000 (a pod that books memory but no compute adds 0). GPU memory "
                + "is the MB of the pods' shares (their requests as HAMi booked them, not what a process uses) of the "
                + "cards' registered MB. Compute is in HAMi's core units, 100 a card. Sharing slots are the pods "
                + "sharing a card, of deviceSplitCount a card.";
    }

    private static String usage(LabMetrics.Usage u, String unit) {
        return String.format(Locale.ROOT, "%.1f\u00a0%% (%,d of %,d %s)", u.pct(), u.used(), u.capacity(), unit);
    }

    private static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }
}
