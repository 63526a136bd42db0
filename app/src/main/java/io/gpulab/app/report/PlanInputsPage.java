package io.gpulab.app.report;

import static io.gpulab.app.report.PlanFigures.cpu;
import static io.gpulab.app.report.PlanFigures.fmt;
import static io.gpulab.app.report.PlanFigures.hami;
import static io.gpulab.app.report.PlanFigures.price;
import static io.gpulab.app.report.PlanFigures.tenants;

import io.gpulab.engine.plan.Candidate;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the plan compares, on a page of its own after the answer: the workload's pod templates, the candidates and
 * their control planes.
 */
final class PlanInputsPage {

    private PlanInputsPage() {
    }

    static void write(PdfDoc pdf, PlanResult r) throws IOException {
        Plan plan = r.plan();
        pdf.heading("The workload");
        pdf.text(r.workload().description() + ": " + io.gpulab.engine.plan.Counts.of(r.workload().pods().size(), "pod") + " asking for "
                + fmt(r.workload().demandMilli()) + " GPU-milli of compute (1,000 GPU-milli is one whole card).");
        Map<String, int[]> shapes = new TreeMap<>();
        r.workload().pods().forEach(p -> shapes.computeIfAbsent(p.shape(), k -> new int[1])[0]++);
        if (plan.workload() instanceof io.gpulab.engine.plan.WorkloadSpec.Templates && shapes.size() <= 40) {
            List<List<String>> rows = new ArrayList<>();
            for (var p : firstOfEachShape(r)) {
                rows.add(List.of(p.shape(), fmt(shapes.get(p.shape())[0]), String.valueOf(p.cards()),
                        p.memMB() > 0 ? fmt(p.memMB()) + " MB" : p.memPct() > 0 ? p.memPct() + " %" : "-",
                        p.cores() > 0 ? p.cores() + " %" : "-", p.cpuMilli() > 0 ? cpu(p.cpuMilli()) : "-",
                        p.memoryMiB() > 0 ? fmt(p.memoryMiB()) + " MiB" : "-",
                        p.models().isEmpty() ? "any" : String.join(", ", p.models())));
            }
            pdf.table(List.of("pods", "count", "cards", "GPU memory / card", "compute / card", "CPU", "memory",
                    "card model"), rows);
            // a "100 %" and a "-" in the same column read as two ways of saying the same thing
            pdf.muted("What each pod asks of each card: GPU memory in MB (nvidia.com/gpumem) or as a share of the "
                    + "card's memory (nvidia.com/gpumem-percentage; 100 % is the whole card's memory), and a share of "
                    + "the card's compute (nvidia.com/gpucores; 100 % takes the card alone). A '-' is not asked: HAMi books the whole card's "
                    + "memory and no compute share unless a candidate sets defaultMem or defaultCores (its HAMi "
                    + "settings, below), and kube-scheduler reserves no CPU or memory for the pod.");
        }
        pdf.heading("The candidates");
        List<List<String>> rows = new ArrayList<>();
        for (Candidate c : plan.candidates()) {
            rows.add(List.of(c.name(), c.shape(), c.minimize() ? "smallest that places everything (search, at most "
                            + fmt(c.maxWorkers()) + ")" : fmt(c.workers()), tenants(c), hami(c.hami()), price(c)));
        }
        pdf.table(List.of("candidate", "worker", "workers", "tenants and split", "HAMi settings",
                "price per worker"), rows);
        ControlPlaneTable.write(pdf, r);
    }

    private static List<io.gpulab.engine.plan.PlanPod> firstOfEachShape(PlanResult r) {
        Map<String, io.gpulab.engine.plan.PlanPod> first = new java.util.LinkedHashMap<>();
        r.workload().pods().forEach(p -> first.putIfAbsent(p.shape(), p));
        return new ArrayList<>(first.values());
    }
}
