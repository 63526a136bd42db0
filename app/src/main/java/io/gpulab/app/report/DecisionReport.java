package io.gpulab.app.report;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.plan.Candidate;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.ControlPlaneCost;
import io.gpulab.engine.plan.EmptyCharts;
import io.gpulab.engine.plan.Fit;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.Prices;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * The decision report of a plan (docs/plan-format.md): a cover page with the question, workload, candidates and
 * the answer; the assumptions and limits in plain words; a comparison page with the charts; a page per
 * candidate; and an appendix with the plan file, its SHA-256, the gpulab version and the date. Written for a
 * reviewer who was not in the room: it names what was simulated and what was not.
 */
public final class DecisionReport {

    private DecisionReport() {
    }

    /**
     * Writes the report; returns the number of pages.
     *
     * @param charts the Plan view's charts as pictures (the same chart code as the workbench)
     */
    public static int write(PlanResult r, String version, Path file, PlanChartSource charts) throws IOException {
        return write(r, version, ZonedDateTime.now(ZoneOffset.UTC), file, charts, false);
    }

    /**
     * As {@link #write(PlanResult, String, Path, PlanChartSource)}, whole or not at all (docs/outputs.md).
     *
     * @param force replace a file gpulab did not write, or a symbolic link (the link itself)
     */
    public static int write(PlanResult r, String version, Path file, PlanChartSource charts, boolean force)
            throws IOException {
        return write(r, version, ZonedDateTime.now(ZoneOffset.UTC), file, charts, force);
    }

    /** As {@link #write(PlanResult, String, Path, PlanChartSource)} with a fixed date (tests). */
    public static int write(PlanResult r, String version, ZonedDateTime date, Path file, PlanChartSource charts)
            throws IOException {
        return write(r, version, date, file, charts, false);
    }

    private static int write(PlanResult r, String version, ZonedDateTime date, Path file, PlanChartSource charts,
                             boolean force) throws IOException {
        Plan plan = r.plan();
        try (PDDocument doc = new PDDocument()) {
            doc.getDocumentInformation().setTitle("Decision report: " + plan.name());
            doc.getDocumentInformation().setCreator("gpulab " + version);
            try (PdfDoc pdf = new PdfDoc(doc, "gpulab decision report · " + plan.name())) {
                cover(pdf, r, version, date);
                pdf.newPage();
                ReportAssumptions.plan(pdf, r);
                pdf.newPage();
                comparison(pdf, r, charts);
                if (r.sensitivity() != null) {
                    pdf.newPage();
                    robustness(pdf, r, charts);
                }
                for (CandidateResult c : r.candidates()) {
                    pdf.newPage();
                    candidate(pdf, c, r, charts);
                }
                pdf.newPage();
                appendix(pdf, plan, version, date);
            }
            OutputFile.write(file, PdfDoc.KIND, force, out -> PdfDoc.save(doc, out));
            return doc.getNumberOfPages();
        }
    }

    private static void cover(PdfDoc pdf, PlanResult r, String version, ZonedDateTime date) throws IOException {
        Plan plan = r.plan();
        pdf.title("Decision report: " + plan.name());
        pdf.muted("gpulab " + version + " · " + date.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
                + " · plan " + plan.source() + " (its SHA-256 is in the appendix)");
        if (!plan.description().isEmpty()) {
            pdf.text(plan.description());
        }
        pdf.heading("The question");
        pdf.text(plan.question());
        pdf.heading("The answer");
        pdf.answer(r.recommendation().sentence());
        for (var s : r.suggestions()) {
            pdf.tagged("NOTE", false, s.sentence());
        }
        for (String s : io.gpulab.engine.plan.SensitivityText.summary(r)) {
            // "Robustness: at today's demand, ..." (the summary's sentences start with a capital of their own)
            pdf.text("Robustness: " + (s.length() > 1 && Character.isLowerCase(s.charAt(1))
                    ? Character.toLowerCase(s.charAt(0)) + s.substring(1) : s));
        }
        pdf.subheading("Objective by objective, in the plan's order");
        for (String s : r.objectives()) {
            pdf.bullet(s);
        }
        if (!r.controlPlanes().isEmpty()) {
            pdf.subheading("Control planes: management capacity and cost per tenant");
            for (String s : r.controlPlanes()) {
                pdf.bullet(s);
            }
        }
        pdf.muted("The recommendation ranks the candidates by the plan's objectives in the order listed ("
                + String.join(", ", plan.objectives().stream().map(o -> o.key()).toList()) + "): a later objective "
                + "decides only between candidates tied under every earlier one (equal as printed: cost to the cent, "
                + "percentages to 0.1). All figures come from replaying the workload on a simulation of HAMi v2.10.0's "
                + "scheduling decisions; page 3, 'Assumptions and limits', says what that does and does not show.");
        // the workload and the candidates on a page of their own: the answer may take most of the cover
        pdf.newPage();
        pdf.heading("The workload");
        pdf.text(r.workload().description() + ": " + fmt(r.workload().pods().size()) + " pods asking for "
                + fmt(r.workload().demandMilli()) + " GPU-milli of compute (1000 = one whole card).");
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
        }
        pdf.heading("The candidates");
        List<List<String>> rows = new ArrayList<>();
        for (Candidate c : plan.candidates()) {
            rows.add(List.of(c.name(), c.shape(), c.minimize() ? "smallest that places everything (search, at most "
                            + fmt(c.maxWorkers()) + ")" : fmt(c.workers()), tenants(c), hami(c.hami()), price(c)));
        }
        pdf.table(List.of("candidate", "worker", "workers", "tenants and split", "HAMi settings",
                "price per worker"), rows);
        controlPlaneTable(pdf, r);
    }

    /** The candidates' control planes side by side, when the plan states any (docs/plan-format.md). */
    private static void controlPlaneTable(PdfDoc pdf, PlanResult r) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        for (CandidateResult c : r.candidates()) {
            ControlPlaneCost cp = c.controlPlanes();
            if (cp == null) {
                continue;
            }
            Prices p = c.candidate().prices();
            ControlPlaneCost.Capacity m = cp.management();
            String where = m == null ? "dedicated: " + cp.machines() + " machines per tenant"
                    : "Kamaji: " + m.shape() + "; " + m.replicas() + " × " + (m.podRequest().none() ? "no requests"
                    : fmt(m.podRequest().cpuMilli()) + "m CPU, " + fmt(m.podRequest().memoryMiB()) + " MiB");
            String fits = m == null ? "-" : fmt(m.fit()) + " / " + fmt(m.fitWithSurge())
                    + (cp.holdsTenants() ? cp.holdsUpgrades() ? "" : " (upgrades do not fit)" : " (tenants do not fit)");
            rows.add(List.of(c.name(), where, fmt(cp.tenants()), fits,
                    cp.perPeriod() == null ? "not priced" : money(cp.perPeriod(), p),
                    cp.perTenant() == null ? "-" : money(cp.perTenant(), p),
                    cp.dedicatedPerTenant() == null ? "not priced" : money(cp.dedicatedPerTenant(), p) + " ("
                            + cp.machines() + " machines)"));
        }
        if (rows.isEmpty()) {
            return;
        }
        pdf.heading("Their control planes");
        pdf.table(List.of("candidate", "where they run", "tenants", "control planes that fit / with upgrade room",
                "cost", "per tenant", "a dedicated control plane per tenant"), rows);
        pdf.muted("Kamaji: tenant control planes placed on the management nodes by their pods' requests × replicas as "
                + "kube-scheduler would; 'with upgrade room' keeps room for one tenant's rolling update (maxSurge "
                + "100 %: as many pods again). The control planes' cost is part of each candidate's cost and total. "
                + "Only control-plane pods and DataStore members are counted on the management nodes.");
    }

    private static List<io.gpulab.engine.plan.PlanPod> firstOfEachShape(PlanResult r) {
        Map<String, io.gpulab.engine.plan.PlanPod> first = new java.util.LinkedHashMap<>();
        r.workload().pods().forEach(p -> first.putIfAbsent(p.shape(), p));
        return new ArrayList<>(first.values());
    }

    private static void comparison(PdfDoc pdf, PlanResult r, PlanChartSource charts) throws IOException {
        pdf.heading("The candidates side by side");
        List<List<String>> rows = new ArrayList<>();
        for (CandidateResult c : r.candidates()) {
            Prices p = c.candidate().prices();
            rows.add(List.of(c.name(), fmt(c.workers()) + (c.minWorkers() != null ? " (minimum)" : ""),
                    fmt(c.cards()), fmt(c.placed()) + " / " + fmt(c.pending()) + " (" + fmt(c.neverFitPods()) + ")",
                    pct(c.metrics().gpuCompute().pct()) + " / " + pct(c.metrics().gpuMemory().pct()) + " / "
                            + pct(c.metrics().gpuSlots().pct()),
                    pct(c.strandedMemoryPct()) + " / " + pct(c.strandedComputePct()),
                    c.cost() == null ? "not priced" : money(c.cost(), p)
                            + (c.controlPlanes() == null || c.controlPlanes().perPeriod() == null ? ""
                            : " (control planes " + p.amount(c.controlPlanes().perPeriod()) + ")")
                            + (p.term() == null ? "" : "; " + p.amount(c.cost() * p.term()) + " over " + p.termWords()),
                    c.costPerPlacedPod() == null ? "-" : money(c.costPerPlacedPod(), p)));
        }
        pdf.table(List.of("candidate", "workers", "cards", "placed / pending (never fit)",
                        "booked: GPU compute / GPU memory / slots", "stranded GPU memory / compute", "cost",
                        "cost per placed pod"), rows);
        pdf.images(List.of(charts.curves(r.candidates(), pdf.width(), 215)));
        pdf.muted("The curves show GPU compute (FGD's allocation: 1000 GPU-milli a card); GPU memory and sharing slots "
                + "are in the table and the bars. Arrived demand is a share of each candidate's own GPU capacity. A curve that follows the grey "
                + "diagonal places what arrives; where it flattens below 100 %, pods pend although capacity is left "
                + "(fragmentation, card model or host limits). The x axis goes past 100 % when more is asked than the "
                + "candidate has.");
        pdf.space(6);
        // a chart with only bars of 0 is a sentence instead (EmptyCharts: the Plan view says the same)
        java.util.Optional<String> noneBooked = EmptyCharts.booked(r.candidates());
        java.util.Optional<String> noneStranded = EmptyCharts.stranded(r.candidates());
        if (noneBooked.isEmpty() && noneStranded.isEmpty() && r.candidates().size() <= 4) {
            float half = (pdf.width() - PdfDoc.GAP) / 2;
            pdf.images(List.of(charts.utilisation(r.candidates(), half, 210),
                    charts.stranded(r.candidates(), half, 210)));
        } else {
            // with the stranded chart a sentence, the bars take the row alone, no taller than beside it (the
            // page keeps its length: 'none' must not push the closing lines onto a page of their own)
            float tall = noneStranded.isPresent() && r.candidates().size() <= 4 ? 190 : 230;
            if (noneBooked.isEmpty()) {
                pdf.images(List.of(charts.utilisation(r.candidates(), pdf.width(), tall)));
            }
            if (noneStranded.isEmpty()) {
                pdf.images(List.of(charts.stranded(r.candidates(), pdf.width(), 230)));
            }
            if (noneBooked.isPresent()) {
                pdf.text(noneBooked.get());
            }
            if (noneStranded.isPresent()) {
                pdf.text(noneStranded.get());
            }
        }
        pdf.muted("Utilisation: the share of all cards' GPU memory and compute booked, and of the sharing slots "
                + "(deviceSplitCount per card) in use." + (noneStranded.isPresent() ? "" : " Stranded: memory left on "
                + "cards whose compute or slots are exhausted, and compute left on cards whose memory or slots are "
                + "exhausted, as a share of the whole."));
    }

    private static void candidate(PdfDoc pdf, CandidateResult c, PlanResult r, PlanChartSource charts)
            throws IOException {
        Candidate cand = c.candidate();
        pdf.heading("Candidate " + c.name());
        pdf.text(cand.shape() + "; " + tenants(cand) + "; " + hami(cand.hami()) + ".");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("workers", fmt(c.workers()) + (cand.minimize() ? c.minWorkers() != null
                ? ", the smallest count the search saw place every pod that fits" : ", the largest count tried: "
                + c.searchNote() : " (fixed in the plan)")));
        if (cand.minimize()) {
            rows.add(List.of("search", searchText(c)));
        }
        if (!c.searchNote().isEmpty() && c.minWorkers() != null) {
            rows.add(List.of("search note", c.searchNote()));
        }
        rows.add(List.of("cards", fmt(c.cards()) + " (" + cardList(cand) + " per worker)"));
        rows.add(List.of("pods placed", fmt(c.placed()) + " of " + fmt(r.workload().pods().size())));
        rows.add(List.of("pods pending", fmt(c.pending()) + (c.neverFitPods() > 0 ? ", of which "
                + fmt(c.neverFitPods()) + " can never fit this candidate" : "")));
        rows.add(List.of("GPU compute allocated", pct(c.gpuAllocationPct()) + " of " + fmt(c.metrics().gpuAllocation()
                .capacity()) + " GPU-milli (FGD's allocation)"));
        rows.add(List.of("GPU memory booked", pct(c.metrics().gpuMemory().pct()) + " (" + fmt(c.metrics().gpuMemory()
                .used()) + " of " + fmt(c.metrics().gpuMemory().capacity()) + " MB)"));
        rows.add(List.of("sharing slots in use", pct(c.metrics().gpuSlots().pct()) + " (deviceSplitCount "
                + cand.hami().deviceSplitCount() + ")"));
        rows.add(List.of("host CPU / memory requested", pct(c.metrics().cpu().pct()) + " / "
                + pct(c.metrics().memory().pct())));
        rows.add(List.of("stranded GPU memory", fmt(c.metrics().stranded().gpuMemoryMB()) + " MB ("
                + pct(c.strandedMemoryPct()) + ") on cards whose compute or slots are exhausted"));
        rows.add(List.of("stranded GPU compute", fmt(c.metrics().stranded().gpuCores()) + " core units ("
                + pct(c.strandedComputePct()) + ") on cards whose memory or slots are exhausted"));
        rows.add(List.of("cost", c.cost() == null ? "not priced" : money(c.cost(), cand.prices())
                + (cand.prices().term() == null ? "" : "; " + cand.prices().amount(c.cost() * cand.prices().term())
                + " over " + cand.prices().termWords())
                + (c.costPerPlacedPod() == null ? "" : "; " + perPod(c.costPerPlacedPod(), cand.prices()))));
        if (c.controlPlanes() != null) {
            rows.add(List.of("control planes", c.controlPlanes().sentence(c.name(), cand.prices())
                    .replaceFirst("^Control planes of " + java.util.regex.Pattern.quote(c.name()) + ": ", "")));
        }
        pdf.table(List.of("figure", "value"), rows);
        if (!c.pendingByReason().isEmpty()) {
            pdf.subheading("Pending pods by reason");
            List<List<String>> reasons = new ArrayList<>();
            new TreeMap<>(c.pendingByReason()).forEach((k, v) -> reasons.add(List.of(k, fmt(v), ReasonText.of(k))));
            pdf.table(List.of("reason", "pods", "what it means"), reasons);
        }
        if (!c.neverFit().isEmpty()) {
            pdf.subheading("Pods that can never fit this candidate");
            for (Fit.NeverFit n : c.neverFit()) {
                pdf.bullet(n.pods() + " pods " + n.reason() + ".");
            }
        }
        pdf.images(List.of(charts.curves(List.of(c), pdf.width(), cand.minimize() ? 165 : 190)));
        // the heat map in the room left (every card drawn, squares up to 10 pt); on a page of its own when that
        // room is too small for a readable map
        if (pdf.remaining() < (c.cards() <= 200 ? 110 : 170)) {
            pdf.newPage();
        }
        pdf.images(List.of(charts.heat(c, pdf.width(), Math.min(480, pdf.remaining() - 8))));
    }

    /** Every replay of a search, in order, and how the count below the answer is known to be too small. */
    static String searchText(CandidateResult c) {
        List<String> tried = new ArrayList<>();
        for (io.gpulab.engine.plan.SearchStep st : c.steps()) {
            tried.add(fmt(st.workers()) + (st.placedAll() ? " placed all" : st.stoppedEarly()
                    ? " too few (stopped at the first pod left pending)" : " too few"));
        }
        String below = switch (c.belowMinimumShown()) {
            case "replayed" -> "; " + fmt(c.minWorkers() - 1) + " workers were replayed and seen to fail";
            case "bound" -> "; " + fmt(c.minWorkers() - 1) + " workers is below the capacity lower bound of "
                    + fmt(c.lowerBound()) + " (not replayed: fewer cannot hold the demand by cards, slots, CPU or memory)";
            default -> c.minWorkers() == null ? "" : "; the count below was not shown to fail";
        };
        return c.steps().size() + " replays from the lower bound of " + fmt(c.lowerBound()) + " workers: "
                + String.join(", ", tried) + below + ".";
    }

    private static void robustness(PdfDoc pdf, PlanResult r, PlanChartSource charts) throws IOException {
        var s = r.sensitivity();
        pdf.heading("How robust the answer is");
        pdf.text("Every candidate was replayed under " + s.spec().orders() + " other arrival orders at each growth "
                + "step (" + String.join(", ", s.spec().growth().stream().map(g -> g == 0 ? "today's demand"
                : "+" + g + " %").toList()) + "): " + fmt(s.replays()) + " replays in all, on " + s.threads()
                + " threads. Each order's recommendation is ranked exactly as the answer's.");
        for (String line : io.gpulab.engine.plan.SensitivityText.summary(r)) {
            pdf.answer(line);
        }
        pdf.table(io.gpulab.engine.plan.SensitivityText.headers(r), io.gpulab.engine.plan.SensitivityText.rows(r));
        pdf.images(List.of(charts.wins(s, pdf.width(), 200)));
        pdf.muted("Orders: the workload's pods shuffled across its arrival slots by java.util.Random with the seeds "
                + io.gpulab.engine.plan.SensitivityText.seeds(s.spec()) + " (the same figures on every run and machine)."
                + " Growth: ceil(pods × step / 100) copies of pods spread evenly over the workload, each arriving (and "
                + "leaving) right after its original. A searched candidate's workers are the minimum found in that "
                + "order (the search starts at the answer scaled by the growth and replays the count below it); a fixed "
                + "candidate keeps its count, and its pending pods show what the order costs it. Percentiles are "
                + "nearest-rank: the median of an even count is the lower middle value.");
    }

    private static void appendix(PdfDoc pdf, Plan plan, String version, ZonedDateTime date) throws IOException {
        pdf.heading("Appendix: the plan file");
        List<List<String>> rows = new ArrayList<>(List.of(
                List.of("plan file", plan.source()),
                List.of("SHA-256", plan.sha256())));
        if (plan.workload() instanceof io.gpulab.engine.plan.WorkloadSpec.Openb o) {
            // the trace files are part of the input: the plan's hash alone does not pin them
            rows.add(List.of("pods file", o.pods().toString()));
            rows.add(List.of("its SHA-256", fileSha256(o.pods())));
            if (o.nodes() != null) {
                rows.add(List.of("nodes file", o.nodes().toString()));
                rows.add(List.of("its SHA-256", fileSha256(o.nodes())));
            }
        }
        rows.add(List.of("gpulab version", version));
        rows.add(List.of("date", date.withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        rows.add(List.of("Java", System.getProperty("java.version", "?")));
        pdf.table(List.of("item", "value"), rows);
        pdf.muted("Running gpulab plan on this file (the same SHA-256) with the same gpulab version reproduces every "
                + "figure: the simulation is deterministic.");
        pdf.space(4);
        pdf.mono(plan.text(), 7.5f, 0);
    }

    /** The file's SHA-256 as it is when the report is written (the replay read it earlier). */
    private static String fileSha256(Path file) {
        try {
            return Sha256.ofFile(file);
        } catch (IOException e) {
            return "(not readable now: " + e.getMessage() + ")";
        }
    }

    static String tenants(Candidate c) {
        if (c.tenants().size() == 1) {
            return "1 tenant";
        }
        boolean even = c.weights().stream().distinct().count() == 1;
        if (even) {
            return c.tenants().size() + " tenants, even split";
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < c.tenants().size(); i++) {
            parts.add(c.tenants().get(i) + " " + c.weights().get(i));
        }
        return c.tenants().size() + " tenants, split " + String.join(" : ", parts);
    }

    static String hami(HamiSettings h) {
        return "deviceSplitCount " + h.deviceSplitCount() + ", memory scaling " + trim(h.deviceMemoryScaling())
                + ", node " + h.nodeSchedulerPolicy() + ", GPU " + h.gpuSchedulerPolicy()
                + (h.defaultMem() > 0 ? ", defaultMem " + h.defaultMem() + " MB" : "")
                + (h.defaultCores() > 0 ? ", defaultCores " + h.defaultCores() + " %" : "");
    }

    private static String cardList(Candidate c) {
        List<String> out = new ArrayList<>();
        for (CardSpec s : c.cards()) {
            out.add(s.count() + " × " + (s.model() != null ? s.model() : s.type()));
        }
        return String.join(" + ", out);
    }

    private static String price(Candidate c) {
        Double p = c.workerPrice();
        return p == null ? "not priced" : money(p, c.prices());
    }

    static String money(double v, Prices p) {
        String amount = String.format(Locale.ROOT, "%,.2f", v);
        return (p.currency().isEmpty() ? amount : p.currency() + " " + amount)
                + (p.period().isEmpty() ? "" : " per " + p.period());
    }

    private static String perPod(double v, Prices p) {
        return money(v, new Prices(p.currency(), "", p.cards(), p.worker(), null)) + " per placed pod"
                + (p.period().isEmpty() ? "" : " per " + p.period());
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static String cpu(long milli) {
        return milli % 1000 == 0 ? milli / 1000 + " CPU" : String.format(Locale.ROOT, "%.1f CPU", milli / 1000.0);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

}
