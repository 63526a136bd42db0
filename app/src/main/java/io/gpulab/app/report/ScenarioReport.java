package io.gpulab.app.report;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.RecordedScenario;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * The review report of a scenario lab ({@code gpulab report SCENARIO}, and the workbench's menu): a summary of
 * what was checked and what it proves, the assumptions and limits, the lab at the end drawn for paper, the card
 * and pod tables, every check with its expected and observed values, the traces of the pods that did not run,
 * and the scenario file with its SHA-256, the gpulab version and the date.
 */
public final class ScenarioReport {

    /** A check's outcome: held, did not hold (with what was observed), or not reached by the lab's history. */
    public enum Verdict {
        PASS, FAIL, NOT_RUN;

        /** As printed: {@code PASS}, {@code FAIL}, {@code NOT RUN}. */
        public String tag() {
            return this == NOT_RUN ? "NOT RUN" : name();
        }
    }

    /**
     * One expectation of the scenario and its outcome.
     *
     * @param step     its 1-based place among the attached scenario's steps, or, when not run, among the opened
     *                 scenario's
     * @param line     its line in the attached scenario (0 when not run)
     * @param expected what the scenario states, as {@code key: value} pairs (empty when unknown)
     * @param observed what the lab showed, the same way (empty when not run)
     * @param problems what did not hold (FAIL only)
     * @param playable the opened scenario's step (as Next step counts them) that runs it, when not run; else 0
     */
    public record Check(String title, Verdict verdict, int step, int line, Map<String, String> expected,
                        Map<String, String> observed, List<String> problems, int playable) {

        public Check {
            problems = verdict == Verdict.FAIL ? List.copyOf(problems) : List.of();
        }

        public boolean passed() {
            return verdict == Verdict.PASS;
        }
    }

    /**
     * What the lab went through before it was reported: the attached scenario's steps.
     *
     * @param origin   the scenario the lab was opened from
     * @param played   how many of its playable steps the history played (docs/workbench.md)
     * @param playable how many it has
     * @param own      how many steps of the history are the user's own actions (the workbench's)
     * @param steps    every step of the attached scenario, in words, in order
     * @param observed true when the lab was observed (a real cluster), not replayed: nothing was run
     */
    public record History(String origin, int played, int playable, int own, List<String> steps, boolean observed) {

        public History {
            steps = List.copyOf(steps);
        }

        /** "after 1 of article's 5 steps and 2 actions of the user's own", as the report's headings say it. */
        String after() {
            return observed ? "as observed on the cluster" : RecordedScenario.after(origin, played, playable, own);
        }
    }

    /**
     * Everything the report prints.
     *
     * @param source   the attached scenario: the lab's history as a scenario (docs/workbench.md)
     * @param snapshot the lab as reported: at the end of that scenario
     * @param checks   the checks the history ran, in its order, then those it did not reach
     * @param traces   the trace of every pod that is not running
     * @param isolationOf the lab whose isolation by layer the report derives as it is written (the attached
     *                    scenario's lab as built), or null when not derived (a lab observed on a cluster)
     */
    public record Input(String scenario, String description, String source, LabSnapshot snapshot, List<Check> checks,
                        List<PodTrace> traces, History history,
                        io.gpulab.engine.lab.@org.jspecify.annotations.Nullable LabSpec isolationOf) { }

    private ScenarioReport() {
    }

    /**
     * Writes the report whole or not at all (docs/outputs.md); returns the number of pages.
     *
     * @param force replace a file gpulab did not write, or a symbolic link (the link itself)
     */
    public static int write(Input in, String version, ZonedDateTime date, Path file, boolean force)
            throws IOException {
        try (PDDocument doc = new PDDocument()) {
            doc.getDocumentInformation().setTitle("GPU Tenancy Lab review: " + in.scenario());
            doc.getDocumentInformation().setCreator("gpulab " + version);
            boolean observed = in.history().observed();
            try (PdfDoc pdf = new PdfDoc(doc, "gpulab review report · " + in.scenario(),
                    observed ? ReportAssumptions.OBSERVED : ReportAssumptions.SIMULATION)) {
                ReviewSummary.write(pdf, in, version, date);
                pdf.newPage();
                ReviewLimits.write(pdf, in.snapshot(), observed);
                pdf.newPage();
                pdf.heading("The lab " + in.history().after());
                pdf.continues("The lab " + in.history().after());
                LabDiagram.draw(pdf, in.snapshot());
                history(pdf, in.history());
                allocations(pdf, in.snapshot());
                verification(pdf, in);
                traces(pdf, in.traces(), in.snapshot());
                pdf.newPage();
                isolation(pdf, in);
                ReasonsAppendix.write(pdf, named(in));
                pdf.newPage();
                appendix(pdf, in, version, date);
            }
            OutputFile.write(file, PdfFile.KIND, force, out -> PdfFile.save(doc, out));
            return doc.getNumberOfPages();
        }
    }

    private static void allocations(PdfDoc pdf, LabSnapshot s) throws IOException {
        pdf.heading("Card allocations");
        pdf.continues("Card allocations");
        List<List<String>> rows = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (NodeView n : t.nodes()) {
                for (CardView c : n.cards()) {
                    rows.add(List.of(t.name(), n.name(), c.id(), c.type(),
                            String.format(Locale.ROOT, "%,d / %,d", c.usedMemMB(), c.memMB()),
                            c.usedCores() + " / " + c.cores(), c.usedSlots() + " / " + c.slots(),
                            c.health() ? "healthy" : "UNHEALTHY"));
                }
            }
        }
        if (rows.size() > 400) {
            pdf.muted(rows.size() + " cards; the first 400 are listed.");
            rows = rows.subList(0, 400);
        }
        pdf.table(List.of("tenant", "node", "card", "type", "memory MB used / total", "compute used / total",
                "slots used / total", "health"), rows);
        List<List<String>> shares = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                for (PodView.DeviceAllocation d : p.devices()) {
                    shares.add(List.of(t.name(), p.key(), p.node() + " / " + d.id(), d.container(),
                            String.format(Locale.ROOT, "%,d MB", d.memMB()), d.cores() + " %"));
                }
            }
        }
        if (!shares.isEmpty() && shares.size() <= 400) {
            pdf.subheading("Pod shares");
            pdf.table(List.of("tenant", "pod", "node / card", "container", "GPU memory booked",
                    "compute booked (% of the card)"), shares);
            // "100 %" and "0 %" read as a measured load: they are what HAMi booked, nothing ran
            pdf.muted("One row per card a container holds: the GPU memory and the share of the card's compute "
                    + "(nvidia.com/gpucores) HAMi booked for it; 100 % is the whole card's compute, 0 % that the "
                    + "container asked for no compute share and none was booked. Booked, not used: no workload ran.");
        }
    }

    /** The attached scenario's steps in words: what the lab went through before it was drawn above. */
    private static void history(PdfDoc pdf, History h) throws IOException {
        if (h.observed() || h.steps().isEmpty()) {
            return;
        }
        pdf.subheading("The lab's history (the attached scenario's steps)");
        int shown = Math.min(h.steps().size(), 60);
        for (int i = 0; i < shown; i++) {
            pdf.bullet(h.steps().get(i));
        }
        if (h.steps().size() > shown) {
            pdf.muted((h.steps().size() - shown) + " more steps: the appendix lists every one.");
        }
    }

    private static void verification(PdfDoc pdf, Input in) throws IOException {
        List<Check> checks = in.checks();
        pdf.heading("Verification results");
        pdf.continues("Verification results");
        if (checks.isEmpty()) {
            pdf.text("The scenario states no expectations.");
            return;
        }
        long passed = ReviewSummary.count(checks, Verdict.PASS);
        long notRun = ReviewSummary.count(checks, Verdict.NOT_RUN);
        pdf.text(passed + " of " + checks.size() + " checks passed" + (notRun == 0 ? "" : ", " + notRun + " not run")
                + ". Each check shows what the scenario expects and what the lab showed"
                + (notRun == 0 ? "." : "; a check not run shows only what it expects."));
        for (Check c : checks) {
            pdf.need(70);   // a check's line stays with its table
            ReviewSummary.tag(pdf, c, c.title());
            pdf.muted(c.verdict() == Verdict.NOT_RUN && in.history().observed()
                    ? "not run: a lab observed on a cluster is not checked here; gpulab verify --backend cluster runs it"
                    : c.verdict() == Verdict.NOT_RUN
                    ? "not run: it is checked in step " + c.playable() + " of " + in.history().origin() + "'s "
                    + in.history().playable() + ", and the lab was reported " + (in.history().played() == 0
                    ? "before its first step" : "after step " + in.history().played())
                    : "step " + c.step() + " of the attached scenario (line " + c.line() + ")");
            List<List<String>> rows = new ArrayList<>();
            java.util.Set<String> keys = new java.util.LinkedHashSet<>(c.expected().keySet());
            keys.addAll(c.observed().keySet());
            for (String k : keys) {
                // an expected field the observed object lacks (a card check's node) names what was looked at: a
                // blank beside it under PASS read as a value nobody checked
                rows.add(List.of(k, c.expected().getOrDefault(k, ""), c.verdict() == Verdict.NOT_RUN ? "(not run)"
                        : c.observed().getOrDefault(k, c.expected().containsKey(k)
                        ? "(used to find what was observed)" : "")));
            }
            if (!rows.isEmpty()) {
                pdf.table(List.of("field", "expected", "observed"), rows);
            }
            for (String p : c.problems()) {
                pdf.muted("did not hold: " + ReasonsAppendix.inWords(p));
            }
        }
    }

    private static void traces(PdfDoc pdf, List<PodTrace> traces, LabSnapshot lab) throws IOException {
        pdf.continues(null);   // the checks ended: a new page here continues nothing
        pdf.need(traces.isEmpty() ? 60 : 140);   // the heading stays with its first trace, never alone at a page's foot
        pdf.heading("Traces of pods that did not run");
        pdf.continues("Traces of pods that did not run");
        if (traces.isEmpty()) {
            // "every pod is running" of a lab with none read as a claim about pods that were never made
            // (and a completed pod is not running): say what the lab holds
            var pods = lab.tenants().stream().flatMap(t -> t.pods().stream()).filter(p -> !p.platform()).toList();
            long running = pods.stream().filter(p -> "Running".equals(p.phase())).count();
            long done = pods.size() - running;
            pdf.text(pods.isEmpty() ? "The lab has no pod." : "No pod waits or failed: " + running + " running"
                    + (done == 0 ? "" : ", " + done + " completed") + ".");
        }
        for (PodTrace t : traces.subList(0, Math.min(traces.size(), 50))) {
            pdf.need(90);
            pdf.subheading(t.tenant() + "  " + t.podKey());
            for (PodTrace.Step s : t.steps()) {
                pdf.tagged(s.outcome().name(), s.outcome() != PodTrace.Outcome.FAILED, s.stage() + ": " + ReasonsAppendix.inWords(s.summary()));
                for (Map.Entry<String, String> e : s.evidence().entrySet()) {
                    pdf.mono(e.getKey() + ": " + ReasonsAppendix.inWords(e.getValue()), 7.5f, 46);
                }
            }
        }
        if (traces.size() > 50) {
            pdf.muted((traces.size() - 50) + " more pods did not run; gpulab trace shows any of them.");
        }
    }

    /** Every text of the checks and traces, where the reason codes the appendix explains are named. */
    private static List<String> named(Input in) {
        List<String> out = new ArrayList<>();
        for (Check c : in.checks()) {
            out.add(c.title());
            out.addAll(c.expected().values());
            out.addAll(c.observed().values());
            out.addAll(c.problems());
        }
        for (PodTrace t : in.traces()) {
            for (PodTrace.Step s : t.steps()) {
                out.add(s.summary());
                out.addAll(s.evidence().values());
            }
        }
        return out;
    }

    private static void isolation(PdfDoc pdf, Input in) throws IOException {
        if (in.isolationOf() != null) {
            IsolationReport.section(pdf, io.gpulab.engine.isolation.IsolationAnalysis.derive(in.isolationOf()), true);
            return;
        }
        pdf.heading("Isolation by layer");
        pdf.text("Not derived: this lab was observed on a cluster, and isolation by layer is derived by failing each "
                + "part on simulated copies of a lab, which gpulab does not do to a real cluster. gpulab isolation "
                + attachedName(in.scenario()) + " (the scenario this report attaches) derives it for the scenario this "
                + "lab was opened from.");
    }

    private static void appendix(PdfDoc pdf, Input in, String version, ZonedDateTime date) throws IOException {
        pdf.heading("Appendix: the attached scenario");
        pdf.continues("Appendix: the attached scenario");
        History h = in.history();
        if (h.observed()) {
            pdf.text("The scenario this lab was opened from. The lab above was observed on a cluster, not made by "
                    + "running this file; gpulab verify --backend cluster runs its checks there.");
        } else {
            pdf.text("The lab's history as a scenario: the lab it started from and the " + h.steps().size() + " step"
                    + (h.steps().size() == 1 ? "" : "s") + " taken since" + (h.own() == 0 ? "" : " (the user's own "
                    + "actions named 'workbench action: ...')")
                    // "the 8 steps taken since" under a page 1 that said "after the scenario's 5 steps" read as a
                    // contradiction: the file's steps and the playable steps Next step counts differ
                    + (h.steps().size() == h.played() + h.own() ? "" : "; the file counts " + h.steps().size()
                    + " steps where this report counts " + h.played() + " of " + h.origin() + "'s " + h.playable()
                    + ": a playable step, as Next step and gpulab report --steps count them, may hold several of the "
                    + "file's steps") + ". gpulab run of this file rebuilds the lab drawn "
                    + "above and gives the verdicts of the checks that ran; the checks not run are not in it.");
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("scenario", in.scenario()));
        if (!h.origin().equals(in.scenario())) {
            rows.add(List.of("opened from", h.origin()));
        }
        String attached = attachedName(in.scenario());
        pdf.attach(attached, in.source().getBytes(java.nio.charset.StandardCharsets.UTF_8), "application/yaml",
                "the scenario this report attaches (SHA-256 " + Sha256.of(in.source()) + ")");
        rows.add(List.of("attached file", attached + ", in this PDF byte for byte (" + Provenance.DETACH + ")"));
        rows.add(List.of("SHA-256", Sha256.of(in.source())));
        rows.add(List.of("gpulab version", version));
        rows.add(List.of("date", date.withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        pdf.table(List.of("item", "value"), rows);
        if (in.source().length() > 200_000) {
            pdf.muted("The scenario file is " + in.source().length() + " characters long; its SHA-256 identifies it.");
        } else {
            pdf.mono(in.source(), 7.5f, 0);
        }
    }

    /** The attached file's name: the scenario's name in letters, digits, dots and dashes ({@code article-edited.yaml}). */
    static String attachedName(String scenario) {
        String base = scenario.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
        return (base.isEmpty() ? "scenario" : base) + ".yaml";
    }
}
