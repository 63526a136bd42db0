package io.gpulab.engine.plan;

import io.gpulab.engine.metrics.AllocationCurve;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A plan's answer as CSV files for spreadsheets: {@code candidates.csv} (one row per candidate),
 * {@code curves.csv} (every curve point) and {@code pending.csv} (pending pods by candidate and reason).
 */
public final class PlanCsv {

    private PlanCsv() {
    }

    /** Writes the three files into {@code dir} (created when missing); returns their paths. */
    public static List<Path> write(PlanResult r, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        Path cand = dir.resolve("candidates.csv");
        try (Writer w = Files.newBufferedWriter(cand, StandardCharsets.UTF_8)) {
            w.write("name,shape,workers,cards,placed,pending,neverFit,gpuAllocationPct,gpuMemoryPct,gpuComputePct,"
                    + "gpuSlotsPct,cpuPct,memoryPct,strandedGpuMemoryPct,strandedGpuComputePct,minWorkers,replays,cost,"
                    + "costPerPlacedPod,currency,period\n");
            for (CandidateResult c : r.candidates()) {
                Prices p = c.candidate().prices();
                w.write(String.join(",", cell(c.name()), cell(c.candidate().shape()), String.valueOf(c.workers()),
                        String.valueOf(c.cards()), String.valueOf(c.placed()), String.valueOf(c.pending()),
                        String.valueOf(c.neverFitPods()), num(c.gpuAllocationPct()), num(c.metrics().gpuMemory().pct()),
                        num(c.metrics().gpuCompute().pct()), num(c.metrics().gpuSlots().pct()),
                        num(c.metrics().cpu().pct()), num(c.metrics().memory().pct()), num(c.strandedMemoryPct()),
                        num(c.strandedComputePct()),
                        c.minWorkers() == null ? "" : String.valueOf(c.minWorkers()), String.valueOf(c.replays()),
                        c.cost() == null ? "" : num(c.cost()),
                        c.costPerPlacedPod() == null ? "" : num(c.costPerPlacedPod()),
                        c.cost() == null ? "" : cell(p.currency()), c.cost() == null ? "" : cell(p.period())));
                w.write('\n');
            }
        }
        out.add(cand);
        Path curves = dir.resolve("curves.csv");
        try (Writer w = Files.newBufferedWriter(curves, StandardCharsets.UTF_8)) {
            w.write("candidate,arrivedPct,allocatedPct\n");
            for (CandidateResult c : r.candidates()) {
                for (AllocationCurve.Point p : c.curve()) {
                    w.write(cell(c.name()) + "," + p.arrivedPct() + "," + num(p.allocatedPct()) + "\n");
                }
            }
        }
        out.add(curves);
        Path pending = dir.resolve("pending.csv");
        try (Writer w = Files.newBufferedWriter(pending, StandardCharsets.UTF_8)) {
            w.write("candidate,reason,pods\n");
            for (CandidateResult c : r.candidates()) {
                for (var e : new java.util.TreeMap<>(c.pendingByReason()).entrySet()) {
                    w.write(cell(c.name()) + "," + cell(e.getKey()) + "," + e.getValue() + "\n");
                }
            }
        }
        out.add(pending);
        return out;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** RFC 4180 quoting where needed. */
    private static String cell(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
