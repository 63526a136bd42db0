package io.gpulab.app.report;

import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gpulab report on the article lab: a summary, the limits, checks with observed values, traces, the file. */
class ScenarioReportTest {

    @TempDir
    Path dir;

    private static RecordedScenario article(int steps) throws Exception {
        return played("article", steps);
    }

    private static RecordedScenario played(String scenario, int steps) throws Exception {
        RecordedScenario.Origin o = new RecordedScenario.Origin(BuiltinScenarios.source(scenario),
                new ScenarioReader().load(scenario));
        List<RecordedScenario.Item> items = new ArrayList<>();
        for (int i = 1; i <= steps; i++) {
            items.add(new RecordedScenario.Item.Played(i));
        }
        return RecordedScenario.of(o, null, items);
    }

    private List<String> write(ScenarioReport.Input input) throws Exception {
        Path pdf = dir.resolve("a.pdf");
        ScenarioReport.write(input, "9.9.9", ZonedDateTime.of(2026, 12, 3, 10, 0, 0, 0, ZoneOffset.UTC), pdf, false);
        return PdfChecks.pages(pdf);
    }

    @Test
    void theArticleReportSaysWhatWasCheckedShowsObservedValuesAndCarriesNoUiHints() throws Exception {
        String source = BuiltinScenarios.source("article");
        List<String> pages = write(ScenarioReportInput.collect(article(5)));
        String first = pages.get(0).replaceAll("\\s+", " ");
        assertTrue(first.contains("What was checked") && first.contains("All 8 checks passed")
                && first.contains("What it proves"), first);
        assertFalse(first.contains("The scenario's description, written for"), "a whole run's description as is");
        assertTrue(pages.get(1).contains("Assumptions and limits"), pages.get(1));
        String all = String.join("\n", pages).replaceAll("\\s+", " ");
        assertTrue(all.contains("Verification results") && all.contains("field expected observed"), all);
        assertTrue(all.contains("id=GPU-0, memMB=20000, cores=30"), "observed devices of check 1");
        assertTrue(all.contains("PASS check 1: pod 1 of 3") && !all.contains("1. check 1:")
                && !all.contains("4. 4. check 4"), "checks numbered twice");
        assertFalse(all.contains("did not hold"), "a PASS line says what did not hold");
        assertTrue(all.contains("Traces of pods that did not run") && all.contains("tenant-a default/gpu-pod-4")
                && all.contains("CardInsufficientCore"), all);
        assertTrue(all.contains(Sha256.of(source)) && all.contains("9.9.9"), "appendix identifies the file");
        // the file's 8 steps and the 5 playable steps page 1 counts, told apart
        assertTrue(all.contains("the lab it started from and the 8 steps taken since; the file counts 8 steps where "
                + "this report counts 5 of article's 5: a playable step, as Next step and gpulab report --steps count "
                + "them, may hold several of the file's steps."), all);
        assertFalse(all.contains("drop a pod here"), "a UI hint in the report");
        // a reviewer holds the PDF, not our repository: a reason is cited by its code, explained in the PDF itself
        assertFalse(all.contains("docs/reasons.md"), all);
        assertTrue(all.contains("a card. Reason code CardInsufficientCore, explained in this report's appendix of "
                + "reason codes."), all);
        String reasons = pages.stream().filter(p -> p.contains("Appendix: the reason codes named in this report"))
                .findFirst().orElseThrow().replaceAll("\\s+", " ");
        assertTrue(reasons.contains("CardInsufficientCore HAMi the card's free compute (100 per card minus booked "
                + "gpucores) is below the container's nvidia.com/gpucores"), reasons);
        assertTrue(reasons.contains("CardInsufficientMemory HAMi"), reasons);
        assertFalse(reasons.contains("CardTimeSlicingExhausted"), "a code the report never names");
        // the pod table's percentages are what HAMi booked, said so beside the table
        assertTrue(all.contains("compute booked (% of the card)") && all.contains("100 % is the whole card's "
                + "compute, 0 % that the container asked for no compute share and none was booked"), all);
        assertFalse(all.contains("reason=, message="), "empty fields printed as values");
        // check 6 finds the card by its node: said so, not a blank beside a PASS
        assertTrue(all.contains("node tenant-a-worker (used to find what was observed)"), all);
        // the traces' heading stays with its first trace: it stood alone at the foot of page 5
        String traces = pages.stream().filter(p -> p.contains("Traces of pods that did not run")).findFirst()
                .orElseThrow().replaceAll("\\s+", " ");
        assertTrue(traces.contains("tenant-a default/gpu-pod-4"), "a heading alone at a page's foot: " + traces);
        assertFalse(all.toLowerCase(java.util.Locale.ROOT).contains("failure policy:"), "a UI control in the report");
    }

    /**
     * Page 1 of a lab whose DataStore lost its quorum says what its control planes do: Ready in Kamaji's status for
     * 30 s while their API servers refuse, then NotReady with the connection refused; nothing once healed.
     */
    @Test
    void pageOneSaysWhichControlPlanesDoNotServeAtTheEnd() throws Exception {
        // step 8 is the create etcd refuses, step 9 the 30 s after which /readyz has failed (15 steps in all)
        String window = String.join(" ", write(ScenarioReportInput.collect(played("shared-datastore", 8))))
                .replaceAll("\\s+", " ").replace(" " + ReportAssumptions.SIMULATION, "")
                .replaceAll(" gpulab review report · shared-datastore page \\d+ / \\d+ ", " ");
        for (String t : new String[] {"tenant-a", "tenant-b"}) {
            assertTrue(window.contains(t + "'s control plane at the end: Ready; its API server refuses reads and "
                    + "writes: Error from server: etcdserver: request timed out."), window);
        }
        String later = String.join(" ", write(ScenarioReportInput.collect(played("shared-datastore", 9))))
                .replaceAll("\\s+", " ").replace(" " + ReportAssumptions.SIMULATION, "")
                .replaceAll(" gpulab review report · shared-datastore page \\d+ / \\d+ ", " ");
        assertTrue(later.contains("tenant-a's control plane at the end: NotReady; a client reads: The connection to "
                + "the server 172.18.255.200:6443 was refused - did you specify the right host or port?"), later);
        String healed = write(ScenarioReportInput.collect(played("shared-datastore", 15))).get(0);
        assertFalse(healed.contains("control plane at the end"), healed);
    }

    /**
     * Page 1 ends cleanly: the control-plane sentence of shared-datastore after 8 steps ran onto page 2 by a line, and
     * "(page 2)" then named a page that did not hold the limits. Twelve checks not run are one line on page 1.
     */
    @Test
    void pageOneHoldsTheConclusionWholeAndNamesThePageOfItsLimits() throws Exception {
        List<String> pages = write(ScenarioReportInput.collect(played("shared-datastore", 8)));
        String first = pages.get(0).replaceAll("\\s+", " ");
        for (String t : new String[] {"tenant-a", "tenant-b"}) {
            assertTrue(first.contains(t + "'s control plane at the end: Ready; its API server refuses reads and "
                    + "writes: Error from server: etcdserver: request timed out."), first);
        }
        assertTrue(first.contains("NOT RUN 12 more checks, which the lab's history did not reach: they are checked in "
                + "steps 9 to 15 of shared-datastore's 15; Verification results lists each with what it expects."), first);
        assertTrue(first.contains("7 of 19 checks ran and passed") && first.contains("What it proves"), first);
        assertTrue(first.contains("(Assumptions and limits, page 2)"), first);
        assertTrue(pages.get(1).trim().startsWith("Assumptions and limits"), pages.get(1));
        assertFalse(first.contains("continued on page"), first);
    }

    /**
     * Every GPU percentage says what it is a share of: "GPU memory booked 15.3 %" did not say of which cards, in which
     * unit or when; the limits page defines each.
     */
    @Test
    void everyCapacityFigureSaysHowItWasComputed() throws Exception {
        ScenarioReport.Input in = ScenarioReportInput.collect(article(1));
        List<String> pages = write(in);
        String first = pages.get(0).replace('\u00a0', ' ').replaceAll("\\s+", " ");
        assertTrue(first.contains("At the end: 1 pod running, 0 pending; on all 3 GPU cards of the lab, booked at the "
                + "moment reported (not an average): GPU allocation 10.0 % (300 of 3,000 GPU-milli), GPU memory 15.3 % "
                + "(20,000 of 131,072 MB), compute 10.0 % (30 of 300 core units), sharing slots 3.3 % (1 of 30 slots)."),
                first);
        String limits = pages.get(1).replaceAll("\\s+", " ");
        assertTrue(limits.contains("How the capacity figures are computed. Each percentage is what HAMi has booked "
                + "divided by what the cards registered") && limits.contains("never averaged over time")
                && limits.contains("a card is 1,000 GPU-milli"), limits);
        // the page names the file it came from by name and hash, and attaches it
        assertTrue(first.contains("scenario article.yaml · SHA-256 " + Sha256.of(in.source()) + " · attached"), first);
    }

    @Test
    void aLabWithoutPodsIsNotSaidToHaveEveryPodRunning() throws Exception {
        ScenarioReport.Input in = ScenarioReportInput.collect(article(0));
        String all = String.join("\n", write(in)).replaceAll("\\s+", " ");
        assertFalse(all.contains("Every pod is running"), "said of a lab with no pod");
        assertTrue(all.contains("Traces of pods that did not run The lab has no pod."), all);
        String one = String.join("\n", write(ScenarioReportInput.collect(article(1)))).replaceAll("\\s+", " ");
        assertTrue(one.contains("Traces of pods that did not run No pod waits or failed: 1 running."), one);
    }

    @Test
    void afterOneStepOneCheckPassedAndSevenAreNotRunNeverPassed() throws Exception {
        RecordedScenario one = article(1);
        ScenarioReport.Input in = ScenarioReportInput.collect(one);
        assertEquals(List.of("PASS", "NOT RUN", "NOT RUN", "NOT RUN", "NOT RUN", "NOT RUN", "NOT RUN", "NOT RUN"),
                in.checks().stream().map(c -> c.verdict().tag()).toList());
        List<String> pages = write(in);
        String first = pages.get(0).replaceAll("\\s+", " ");
        assertFalse(first.contains("All 8 checks passed"), first);
        assertTrue(first.contains("1 of 8 checks ran and passed; 7 not run (the lab was reported after 1 of article's "
                + "5 steps)"), first);
        assertTrue(first.contains("check 6: tenant-a's card holds 60,000 MB"), first);
        assertTrue(first.contains("At the end: 1 pod running"), first);
        // the author's description is of the lab after every step: never read as the lab shown
        assertTrue(first.contains("This report shows the lab after 1 of article's 5 steps; the scenario's description "
                + "was written for its lab after all 5 steps: "), first);
        String all = String.join("\n", pages).replaceAll("\\s+", " ");
        assertTrue(all.contains("The lab after 1 of article's 5 steps"), all);
        assertTrue(all.contains("not run: it is checked in step 5 of article's 5, and the lab was reported after "
                + "step 1"), all);
        assertTrue(all.contains(Sha256.of(one.text())), "the appendix attaches the history as a scenario");
        // attached byte for byte: the printed copy wraps its long lines, so only the attachment has that SHA-256
        var attached = PdfChecks.attachments(dir.resolve("a.pdf"));
        assertEquals(List.of("article.yaml"), List.copyOf(attached.keySet()));
        assertEquals(one.text(), new String(attached.get("article.yaml"), java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(all.contains("article.yaml, in this PDF byte for byte"), all);
        assertFalse(all.contains("not attached"), all);
    }

    @Test
    void aLabAsBuiltRunsNoCheck() throws Exception {
        String first = write(ScenarioReportInput.collect(article(0))).get(0).replaceAll("\\s+", " ");
        assertTrue(first.contains("No check was run: the lab was reported as built (no step played); its 8 checks are "
                + "listed as not run."), first);
        assertTrue(first.contains("What it proves Nothing about HAMi's decisions"), first);
        assertFalse(first.contains("PASS"), first);
    }

    /**
     * Every page says what it is, read alone: a simulation (as every PNG caption does), or a cluster observed. A
     * report of a lab observed on a cluster said on its limits page "A mock device plugin ... no GPU was present",
     * "The figures of this report come from the simulation only" and "The lab runs on a virtual clock", of a cluster
     * gpulab only read.
     */
    @Test
    void everyPageSaysSimulatedOrObservedAndAClusterIsNotCalledASimulation() throws Exception {
        ScenarioReport.Input simulated = ScenarioReportInput.collect(article(1));
        for (String page : write(simulated)) {
            assertTrue(page.replaceAll("\\s+", " ").contains(ReportAssumptions.SIMULATION), page);
        }
        List<String> pages = write(ScenarioReportInput.observed(article(0), "the tenants of a cluster",
                simulated.snapshot(), List.of()));
        for (String page : pages) {
            assertTrue(page.replaceAll("\\s+", " ").contains(ReportAssumptions.OBSERVED), page);
        }
        // the limits page (the attached scenario, quoted as written, may describe the lab it simulates)
        String limits = pages.get(1).replaceAll("\\s+", " ");
        assertTrue(limits.contains("Assumptions and limits") && limits.contains("Observed, not simulated."), limits);
        for (String falseOfACluster : List.of("mock device plugin", "no GPU was present", "come from the simulation "
                + "only", "virtual clock", ReportAssumptions.SIMULATION)) {
            assertFalse(limits.contains(falseOfACluster), "said of a cluster: " + falseOfACluster);
        }
        assertFalse(String.join(" ", pages).contains(ReportAssumptions.SIMULATION), "a page called a simulation");
        // a lab read from a cluster was not "reported before its first step", and "gpulab isolation SCENARIO" named
        // no file a reviewer has
        String all = String.join(" ", pages).replaceAll("\\s+", " ");
        assertFalse(all.contains("before its first step") || all.contains("isolation SCENARIO"), all);
        assertTrue(all.contains("not run: a lab observed on a cluster is not checked here") && all.contains(
                "As read from the cluster: 1 pod running") && all.contains("gpulab isolation article.yaml (the "
                + "scenario this report attaches)"), all);
    }
}
