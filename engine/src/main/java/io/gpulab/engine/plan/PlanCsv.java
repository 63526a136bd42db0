package io.gpulab.engine.plan;

import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.output.OutputDirectory;
import io.gpulab.engine.output.OutputKind;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Locale;

/**
 * A plan's answer as CSV files for spreadsheets: {@code candidates.csv} (one row per candidate),
 * {@code curves.csv} (every curve point) and {@code pending.csv} (pending pods by candidate and reason).
 */
public final class PlanCsv {

    private PlanCsv() {
    }

    private static final String CANDIDATES = "name,shape,workers,cards,placed,pending,neverFit,gpuAllocationPct,"
            + "gpuMemoryPct,gpuComputePct,gpuSlotsPct,cpuPct,memoryPct,strandedGpuMemoryPct,strandedGpuComputePct,"
            + "minWorkers,replays,cost,costPerPlacedPod,currency,period,controlPlaneMode,tenants,controlPlanesFit,"
            + "controlPlanesFitWithUpgrade,controlPlaneCost,controlPlaneCostPerTenant,dedicatedControlPlanePerTenant\n";
    /** The header before the control-plane columns: such a file is gpulab's too, replaced without --force. */
    private static final String CANDIDATES_BEFORE_CONTROL_PLANES = "name,shape,workers,cards,placed,pending,neverFit,"
            + "gpuAllocationPct,gpuMemoryPct,gpuComputePct,gpuSlotsPct,cpuPct,memoryPct,strandedGpuMemoryPct,"
            + "strandedGpuComputePct,minWorkers,replays,cost,costPerPlacedPod,currency,period\n";
    private static final String CURVES = "candidate,arrivedPct,allocatedPct\n";
    private static final String PENDING = "candidate,reason,pods\n";

    /**
     * Writes the three files into {@code dir}, each whole or not at all (a missing directory appears with all three
     * or not at all; docs/outputs.md); returns their paths.
     *
     * @param force replace files gpulab did not write (their header is the mark), or symbolic links (the links)
     */
    public static List<Path> write(PlanResult r, Path dir, boolean force) throws IOException {
        return OutputDirectory.write(dir, force, parts(r));
    }

    /** Refuses, before the plan runs, a directory {@link #write} would refuse. */
    public static void check(Path dir, boolean force) throws IOException {
        OutputDirectory.check(dir, force, parts(null));
    }

    private static List<OutputDirectory.Part> parts(@Nullable PlanResult r) {
        return List.of(
                new OutputDirectory.Part("candidates.csv",
                        OutputKind.of("plan CSV", CANDIDATES, CANDIDATES_BEFORE_CONTROL_PLANES),
                        out -> text(out, w -> candidates(Objects.requireNonNull(r), w))),
                new OutputDirectory.Part("curves.csv", OutputKind.of("plan CSV", CURVES),
                        out -> text(out, w -> curves(Objects.requireNonNull(r), w))),
                new OutputDirectory.Part("pending.csv", OutputKind.of("plan CSV", PENDING),
                        out -> text(out, w -> pending(Objects.requireNonNull(r), w))));
    }

    private interface Rows {
        void write(Writer w) throws IOException;
    }

    private static void text(OutputStream out, Rows rows) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        rows.write(w);
        w.flush();
    }

    private static void candidates(PlanResult r, Writer w) throws IOException {
        w.write(CANDIDATES);
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
                    c.cost() == null ? "" : cell(p.currency()), c.cost() == null ? "" : cell(p.period()),
                    controlPlanes(c.controlPlanes())));
            w.write('\n');
        }
    }

    /**
     * The control-plane columns (empty when the candidate states none): mode, tenants, under Kamaji how many tenant
     * control planes its management cluster holds with and without upgrade room (dedicated ones are not placed
     * anywhere: empty), the cost per period and per tenant when priced (part of {@code cost}) and a dedicated one's
     * per tenant.
     */
    private static String controlPlanes(@Nullable ControlPlaneCost cp) {
        if (cp == null) {
            return ",,,,,,";
        }
        ControlPlaneCost.Capacity m = cp.management();
        return String.join(",", cp.mode().key(), String.valueOf(cp.tenants()),
                m == null ? "" : String.valueOf(m.fit()), m == null ? "" : String.valueOf(m.fitWithSurge()),
                cp.perPeriod() == null ? "" : num(cp.perPeriod()), cp.perTenant() == null ? "" : num(cp.perTenant()),
                cp.dedicatedPerTenant() == null ? "" : num(cp.dedicatedPerTenant()));
    }

    private static void curves(PlanResult r, Writer w) throws IOException {
        w.write(CURVES);
        for (CandidateResult c : r.candidates()) {
            for (AllocationCurve.Point p : c.curve()) {
                w.write(cell(c.name()) + "," + p.arrivedPct() + "," + num(p.allocatedPct()) + "\n");
            }
        }
    }

    private static void pending(PlanResult r, Writer w) throws IOException {
        w.write(PENDING);
        for (CandidateResult c : r.candidates()) {
            for (var e : new java.util.TreeMap<>(c.pendingByReason()).entrySet()) {
                w.write(cell(c.name()) + "," + cell(e.getKey()) + "," + e.getValue() + "\n");
            }
        }
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
