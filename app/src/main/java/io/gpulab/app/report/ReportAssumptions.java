package io.gpulab.app.report;

import io.gpulab.engine.plan.Counts;
import io.gpulab.engine.plan.PlanResult;
import java.io.IOException;
import java.util.List;

/**
 * The assumptions and limits page, in plain words: what the lab simulates, what it does not, and how to read
 * the figures. Shared by the decision report and the scenario review report, so both say the same.
 */
public final class ReportAssumptions {

    private ReportAssumptions() {
    }

    /** What a picture or a page of a simulated lab says it is, whatever was cut around it (captions, page feet). */
    public static final String SIMULATION = "simulation: HAMi's decisions with a mock device plugin, no GPU ran";
    /** What a picture or a page of a real cluster's lab says instead: nothing in it was simulated. */
    public static final String OBSERVED = "observed: the cluster's own HAMi and GPUs, not a simulation";

    /** What every gpulab report of a simulation rests on. */
    public static void common(PdfDoc pdf) throws IOException {
        pdf.heading("Assumptions and limits");
        pdf.bullet("A simulation of HAMi v2.10.0's decisions. The lab runs HAMi's admission webhook, its filter and "
                + "score (binpack or spread, per node and per card) and its bind with the node lock, behind "
                + "kube-scheduler's own CPU and memory fit, with the reason "
                + "strings and annotations of HAMi v2.10.0's source. Its measured fidelity: the article lab's eight "
                + "published results are reproduced check by check, and the scheduler's fast index was compared "
                + "decision by decision with a full scan of HAMi's rules (0 differences). The figures of this report "
                + "come from the simulation only; none was observed on a real cluster.");
        pdf.bullet("Every node that passes kube-scheduler's CPU and memory fit is offered to HAMi, as with "
                + "percentageOfNodesToScore: 100. A kube-scheduler left at its default offers HAMi only part of "
                + "them on labs of more than 100 nodes (50 % less one point per 125 nodes, and at least 100: 497 of "
                + "1,213), in an order the lab does not know; on such labs "
                + "a real cluster may choose other nodes and pack less tightly than these figures show.");
        pdf.bullet("A mock device plugin. Cards are declared (model, memory, count), not detected; the plugin "
                + "registers them and completes each allocation as HAMi's device plugin does. No driver, no NVML, no "
                + "GPU was present.");
        pdf.bullet("No CUDA workload ran. A pod that asks for 20,000 MB and 30 % is booked 20,000 MB and 30 %; "
                + "nothing checks that it stays within them. So memory and compute enforcement (HAMi-core), "
                + "throughput, latency and the interference between pods sharing a card are not measured. Whether a "
                + "model actually runs well in its share needs a test on a real card.");
        pdf.bullet("Kamaji isolation is per layer. Each tenant has its own control plane (API server, scheduler, "
                + "data in the shared kamaji-etcd under its own prefix) and its own workers: pods of one tenant never "
                + "land on another tenant's cards. The data plane on a shared card (memory isolation between pods of "
                + "one tenant) is HAMi-core's job and is not exercised here.");
    }

    /** Replays per candidate, in words. */
    private static String replays(PlanResult r) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (var c : r.candidates()) {
            parts.add(c.name() + " " + Counts.of(c.replays(), "replay")
                    + (c.candidate().minimize() ? " (search)" : " (fixed count)"));
        }
        String base = "The workload, in its own order, was replayed on a fresh simulated lab per replay: "
                + String.join(", ", parts) + ".";
        if (r.sensitivity() != null) {
            base += " For robustness, " + PlanFigures.fmt(r.sensitivity().replays()) + " more "
                    + Counts.noun(r.sensitivity().replays(), "replay") + " under "
                    + Counts.of(r.sensitivity().spec().orders(), "other arrival order") + " and "
                    + Counts.of(r.sensitivity().spec().growth().size(), "growth step")
                    + " (the page \"How robust the answer is\").";
        } else {
            base += " No other arrival order or growth was replayed (add sensitivity: {orders: 10} to the plan, or "
                    + "--orders 10): every figure comes from this one order.";
        }
        return base;
    }

    /** Which counts below each minimum were seen to fail, and which are known too small only by the bound. */
    private static String seenToFail(PlanResult r) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (var c : r.candidates()) {
            if (c.minWorkers() == null) {
                continue;
            }
            String below = Counts.of(c.minWorkers() - 1, "worker");
            parts.add(switch (c.belowMinimumShown()) {
                case "replayed" -> c.name() + ": " + below + " replayed and seen to fail";
                case "bound" -> c.name() + ": " + below + " not replayed, below the lower bound of "
                        + PlanFigures.fmt(c.lowerBound());
                default -> c.name() + ": " + below + " not shown to fail";
            });
        }
        return parts.isEmpty() ? "" : "Here: " + String.join("; ", parts) + ".";
    }

    /** The plan-specific part: how a plan's figures were made. */
    static void plan(PdfDoc pdf, PlanResult r) throws IOException {
        common(pdf);
        pdf.bullet("Arrival order. Pods arrive in the workload's order (" + r.workload().description() + "); pods "
                + "leave only where the workload says so. The figures are the lab at the end of the replay; where pods "
                + "leave, they are the lab at the highest allocation sampled (after the last departure it is empty).");
        pdf.bullet("What was replayed. " + replays(r));
        pdf.bullet("GPU allocation is FGD's measure (Weng et al., USENIX ATC '23): a card is 1,000 GPU-milli, a pod "
                + "holds its compute share of each card it uses. A pod that books memory but no compute adds 0 here "
                + "and shows in the memory figures. Stranded capacity is memory left on cards whose compute or "
                + "sharing slots are exhausted, and compute left on cards whose memory or slots are exhausted.");
        pdf.bullet("Pods that can never fit (wrong card model, more cards or memory than a worker or card has) are "
                + "found against an empty worker and counted apart. \"Places everything\" leaves out only the pods "
                + "that no candidate can run: a candidate that cannot take pods another candidate runs does not "
                + "place everything.");
        pdf.bullet("The smallest worker count (minimize: workers) is found by search, not by trying every count: "
                + "from a capacity lower bound (fewer workers cannot hold the demand by cards, sharing slots, CPU or "
                + "memory), growing, then bisecting, in at most 12 replays and up to maxWorkers (10,000 unless the "
                + "plan says). Placement is close to, but not guaranteed to be, monotone in the worker count: the "
                + "answer is the smallest count the search saw place everything; counts it did not replay are not "
                + "known to fail unless they are below the lower bound. " + seenToFail(r));
        pdf.bullet("Prices are what the plan's author typed in; nothing is built in or fetched. Cost is workers × "
                + "(price per worker + price per card × cards) per period, and the total is that times prices.term "
                + "periods when the plan states a term; power, networking and licences are left out unless they are "
                + "in those prices." + controlPlanes(r) + (r.candidates().stream().allMatch(c -> c.cost() == null)
                ? " This plan states no prices, so it draws no cost conclusion." : ""));
    }

    private static String controlPlanes(PlanResult r) {
        List<String> stated = r.candidates().stream().filter(c -> c.controlPlanes() != null)
                .map(c -> c.name()).toList();
        if (stated.isEmpty()) {
            return " The tenants' control planes are left out: the plan does not say where they run.";
        }
        String rest = r.candidates().size() == stated.size() ? ""
                : "; for the other candidates they are left out (the plan does not say where they run)";
        return " The control planes are in the cost of " + (stated.size() < 2 ? String.join("", stated)
                : String.join(", ", stated.subList(0, stated.size() - 1)) + " and " + stated.get(stated.size() - 1))
                + " (a Kamaji management "
                + "cluster's nodes, or each tenant's dedicated machines, at the plan's prices)" + rest + ". Their fit on "
                + "a management cluster counts only control-plane pods and DataStore members, by requests as "
                + "kube-scheduler does; the management cluster's own system pods and Kamaji's controller are not "
                + "counted.";
    }
}
