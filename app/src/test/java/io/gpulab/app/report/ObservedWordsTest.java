package io.gpulab.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.scenario.ObservedPod;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A check's observed reason in words reads as sentences in the review report's table: it read
 * "text=asks 90,000 MB ..., fix=ask for at most ..., doc=docs/reasons.md#...", a dump of the JSON object; and a path
 * into gpulab's repository is of no use to a reviewer holding the PDF: the code is named, the appendix explains it.
 */
class ObservedWordsTest {

    @Test
    void theExplanationReadsAsTheSentenceItsFixAndItsCode() {
        ObservedPod o = new ObservedPod("Pending", null, "hami-scheduler", "CardInsufficientMemory", "0/1 nodes",
                Map.of(), List.of(), false, 0, new PlainReason("asks 90,000 MB of one card; the largest card here has "
                + "81,920 MB: it fits no card of this lab, whatever is freed", "ask for at most 81,920 MB "
                + "(nvidia.com/gpumem)", "docs/reasons.md#cardinsufficientmemory"), null);
        assertEquals("asks 90,000 MB of one card; the largest card here has 81,920 MB: it fits no card of this lab, "
                + "whatever is freed. Fix: ask for at most 81,920 MB (nvidia.com/gpumem). "
                + "Reason code CardInsufficientMemory, explained in this report's appendix of reason codes.",
                ScenarioReportInput.flat(o).get("explanation"));
    }
}
