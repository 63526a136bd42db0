package io.gpulab.app.report;

import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The review report's isolation page: its conclusion, its method and limits, the table, the observations. */
class IsolationPageTest {

    @TempDir
    Path dir;

    @Test
    void theArticleReportHasAnIsolationPageThatStatesItsMethodAndLimits() throws Exception {
        RecordedScenario.Origin o = new RecordedScenario.Origin(BuiltinScenarios.source("article"),
                new ScenarioReader().load("article"));
        Path pdf = dir.resolve("r.pdf");
        ScenarioReport.write(ScenarioReportInput.collect(RecordedScenario.of(o, null, List.of())), "9.9.9",
                ZonedDateTime.of(2026, 12, 3, 10, 0, 0, 0, ZoneOffset.UTC), pdf, false);
        List<String> pages = PdfChecks.pages(pdf);
        int at = -1;
        for (int i = 0; i < pages.size(); i++) {
            if (pages.get(i).contains("Isolation by layer")) {
                at = i;
                break;
            }
        }
        assertTrue(at > 0, "no isolation page");
        String page = String.join(" ", pages.subList(at, pages.size())).replaceAll("\\s+", " ");
        assertTrue(page.contains("Shared by several tenants and failing together: the management node "
                + "kamaji-control-plane (tenant-a and tenant-b lost create, read, schedule); the DataStore default "
                + "(etcd), all 3 members (tenant-a and tenant-b lost create, read, schedule)."), page);
        assertTrue(page.contains("How it was derived"), page);
        assertTrue(page.contains("A simulation:"), page);
        assertTrue(page.contains("fault: {managementNode: kamaji-control-plane, state: lost}"), page);
        assertTrue(page.contains("refused: DataStoreUnavailable: no etcd member answers: each request fails after "
                + "kube-apiserver's 60 s request timeout"), page);
        assertFalse(page.contains("etcdserver: request timed out"), "no etcd member was up to say it");
        assertTrue(page.contains("Not back 1 minute after the failure was healed after 6 minutes by undoing its "
                + "fault steps alone: tenant-a under the worker tenant-a-worker (tenant-a), its kubelet down (keep "
                + "running lost: the pod that still read Running when the failure was first observed was gone)"),
                "a worker's probe pod is evicted 300 s after the taint: " + page);
        assertTrue(!page.contains("kept running"), "nothing observed the worker rows' probe running throughout");
        assertTrue(page.contains("when healed"), "the table's column: " + page);
        assertTrue(page.contains("heal: fault: {managementNode: kamaji-control-plane, state: ready}"), page);
        assertTrue(!page.contains("Not injected"), "every row of the article lab is injected: no empty heading");
        // a reviewer holds the PDF, not gpulab's repository
        assertFalse(String.join(" ", pages).contains("docs/"), "a path into gpulab's repository");
        assertTrue(page.contains("as gpulab models it, HAMi's decisions") && page.contains("so it is not back after the "
                + "heal."), page);
    }
}
