package io.gpulab.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.ScenarioVerifier;
import io.gpulab.engine.scenario.BackendOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PDF report's verification section: numbered checks, each passing one with what it compared. */
class ReportChecksEvidenceTest {

    @Test
    void passingChecksCarryTheirComparisons() throws Exception {
        OpenedLab lab = new EngineLabOpener("sim", BackendOptions.NONE).open("article");
        try {
            List<ScenarioVerifier.Check> checks = lab.verifier().verify();
            assertEquals(8, checks.size());
            ScenarioVerifier.Check fourth = checks.get(3);
            assertTrue(fourth.passed());
            assertTrue(fourth.name().startsWith("4. "), fourth.name());
            assertTrue(fourth.detail().contains("reason = CardInsufficientCore"), fourth.detail());
            checks.forEach(c -> assertTrue(!c.detail().isEmpty(), c.name() + " passed with no evidence"));
        } finally {
            lab.backend().close();
        }
    }
}
