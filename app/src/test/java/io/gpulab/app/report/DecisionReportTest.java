package io.gpulab.app.report;

import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanProgress;
import io.gpulab.engine.plan.PlanReader;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.PlanRunner;
import io.gpulab.engine.plan.WorkloadResolver;
import io.gpulab.mockgpu.catalog.CardCatalog;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The decision report stands on its own: question and answer first, assumptions, charts, the plan itself. */
class DecisionReportTest {

    @Test
    void coverAnswersTheQuestionAndTheAppendixIdentifiesThePlan(@TempDir Path dir) throws Exception {
        Plan plan = new PlanReader().load("inference-a100-vs-l4");
        PlanResult r = new PlanRunner().run(plan, new WorkloadResolver(CardCatalog.builtIn(), null)
                .resolve(plan.workload()), PlanProgress.NONE, new AtomicBoolean());
        Path pdf = dir.resolve("r.pdf");
        int pages = DecisionReport.write(r, "9.9.9", ZonedDateTime.of(2026, 12, 3, 10, 0, 0, 0, ZoneOffset.UTC), pdf);
        List<String> text = PdfChecks.pages(pdf);
        assertEquals(pages, text.size());
        assertEquals(4 + plan.candidates().size(), pages, "cover, assumptions, comparison, one per candidate, appendix");
        String cover = text.get(0).replaceAll("\\s+", " ");
        assertTrue(cover.contains("which platform: 4 × A100-80GB per node or 8 × L4 per node"), cover);
        assertTrue(cover.contains(r.conclusions().get(0).substring(0, 40)), cover);
        assertTrue(cover.contains("12 pods need H100-80GB, no candidate card matches"), cover);
        String limits = text.get(1).replaceAll("\\s+", " ");
        assertTrue(limits.contains("A simulation of HAMi v2.10.0's decisions") && limits.contains("No CUDA workload ran")
                && limits.contains("mock device plugin") && limits.contains("Kamaji isolation is per layer"), limits);
        String appendix = text.get(text.size() - 1).replaceAll("\\s+", " ");
        assertTrue(appendix.contains(plan.sha256()) && appendix.contains("9.9.9")
                && appendix.contains("2026-12-03T10:00:00Z") && appendix.contains("kind: Plan"), appendix);
        for (int i = 0; i < plan.candidates().size(); i++) {
            assertTrue(text.get(3 + i).contains("Candidate " + plan.candidates().get(i).name()), text.get(3 + i));
        }
    }
}
