package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Running scenarios on the sim backend: the built-ins hold, and a wrong expectation is reported. */
class ScenarioRunnerTest {

    private static RunResult run(Scenario s) {
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            return new ScenarioRunner(b).run(s);
        }
    }

    private static RunResult builtin(String name) {
        return run(new ScenarioReader().load(name));
    }

    private static String failures(RunResult r) {
        StringBuilder sb = new StringBuilder();
        r.steps().stream().filter(s -> !s.passed()).forEach(s -> sb.append(s.index()).append(' ').append(s.title())
                .append(": ").append(s.problems()).append(" observed ").append(s.observed()).append('\n'));
        return sb.toString();
    }

    @Test
    void articleChecksAllPassWithTheArticlesFinalState() {
        RunResult r = builtin("article");
        assertEquals(8, r.summary().passed(), failures(r));
        assertEquals(0, r.summary().failed(), failures(r));
        LabState.Card card = r.state().tenants().get(0).nodes().get(0).cards().get(0);
        assertEquals(60000, card.usedMemMB());
        assertEquals(81920, card.memMB());
        assertEquals(90, card.usedCores());
        assertEquals(100, card.cores());
        assertEquals(3, card.usedSlots());
        assertEquals(10, card.slots());
        ObservedPod fourth = assertInstanceOf(ObservedPod.class, r.steps().get(3).observed());
        assertEquals("Pending", fourth.phase());
        assertTrue(fourth.reason().contains("CardInsufficientCore"), fourth.reason());
    }

    @Test
    void lockLifecyclePasses() {
        RunResult r = builtin("lock-lifecycle");
        assertTrue(r.allPassed(), failures(r));
    }

    @Test
    void runningIsNotProofPasses() {
        RunResult r = builtin("running-is-not-proof");
        assertTrue(r.allPassed(), failures(r));
        ObservedPod unproven = assertInstanceOf(ObservedPod.class, r.steps().get(1).observed());
        assertEquals("Running", unproven.phase());
        assertFalse(unproven.hamiAllocated());
    }

    @Test
    void aWrongExpectationFailsOnlyThatStep() {
        String yaml = ScenarioReaderTest.BASE.replace("expect: {phase: Running, node: w-a}",
                "expect: {phase: Pending, node: w-a}");
        RunResult r = run(new ScenarioReader().read("t.yaml", new StringReader(yaml), false));
        assertEquals(0, r.summary().passed());
        assertEquals(1, r.summary().failed());
        StepResult first = r.steps().get(0);
        assertFalse(first.passed());
        assertEquals("phase: expected Pending, observed Running", first.problems().get(0));
        assertTrue(r.steps().get(1).passed());
    }
}
