package io.gpulab.app.report;

import io.gpulab.engine.api.LabSnapshot;
import java.io.IOException;

/**
 * The review report's limits page: for a simulated lab the simulation's assumptions ({@link ReportAssumptions}), its
 * virtual clock and how the capacity figures of page 1 are computed; for a lab observed on a cluster, what reading a
 * cluster does and does not show.
 */
final class ReviewLimits {

    private ReviewLimits() {
    }

    static void write(PdfDoc pdf, LabSnapshot lab, boolean observed) throws IOException {
        if (observed) {
            observed(pdf, lab.backend());
            pdf.bullet(CapacityWords.definitions());
            return;
        }
        ReportAssumptions.common(pdf);
        pdf.bullet("Virtual time. The lab runs on a virtual clock (node-lock expiry, retries); durations in the "
                + "scenario are that clock's, not wall time. The mock device plugin's lifecycle here is '"
                + lab.lifecycle() + "'.");
        pdf.bullet(CapacityWords.definitions());
    }

    /**
     * The limits of a report of a lab observed on a real cluster: not the simulation's (it said "a mock device
     * plugin ... no GPU was present" and "the figures come from the simulation only" of a cluster gpulab only read).
     */
    private static void observed(PdfDoc pdf, String backend) throws IOException {
        pdf.heading("Assumptions and limits");
        pdf.bullet("Observed, not simulated. The lab is a real cluster (backend " + backend + "), read through its "
                + "API servers: its pods, nodes, cards and HAMi's annotations are as that cluster's own HAMi "
                + "scheduler, device plugin and kubelets wrote them. gpulab's simulation of HAMi was not used and "
                + "nothing was replayed or changed.");
        pdf.bullet("No check was run. The workbench only observes a cluster, so every check of the scenario it was "
                + "opened from is NOT RUN here; gpulab verify --backend cluster runs them on the cluster.");
        pdf.bullet("One reading. The lab is as it was read at the moment of the export; what the cluster did before "
                + "or since is not in this report.");
        pdf.bullet("What the API servers do not say is not here: whether a workload stays within its share of a "
                + "card, its throughput and latency, and the interference between pods sharing a card are not "
                + "measured by reading a cluster.");
    }
}
