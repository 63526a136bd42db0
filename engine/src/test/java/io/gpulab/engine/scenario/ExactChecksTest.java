package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A check must never pass when it should not: a duplicate create is refused like the API server
 * refuses it, and {@code reason} and {@code message} compare exactly.
 */
class ExactChecksTest {

    /** Two submits of p1, the second expecting what the first got: it used to pass against the first pod. */
    private static final String SECOND = """
              - submit:
                  tenant: tenant-a
                  pod:
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: p1}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources:
                            limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 20000}
                expect: EXPECT
            """;

    private static Scenario read(String yaml) {
        return new ScenarioReader().read("t.yaml", new StringReader(yaml), false);
    }

    private static RunResult run(Scenario s) {
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            return new ScenarioRunner(b).run(s);
        }
    }

    private static String twoSubmits(String expect) {
        String base = ScenarioReaderTest.BASE.replace("  - advance: 5m\n  - delete: {tenant: tenant-a, pod: p1}\n", "");
        return base + SECOND.replace("EXPECT", expect);
    }

    @Test
    void aDuplicateSubmitFailsWithTheApiServersAnswerAndIsNotJudgedByTheFirstPod() {
        // the loader refuses a statically known duplicate, so the runtime path is driven with steps made by hand:
        // the same Submit twice, as a backend-dependent duplicate would arrive
        Scenario one = read(ScenarioReaderTest.BASE);
        List<Step> steps = new ArrayList<>();
        steps.add(one.steps().get(0));
        steps.add(one.steps().get(0));
        RunResult r = run(new Scenario("t.yaml", one.lab(), steps));
        StepResult second = r.steps().get(1);
        assertFalse(second.passed(), "the second create made nothing, yet its check passed");
        assertEquals("the backend refused the submit: tenant-a: Error from server (AlreadyExists): "
                + "pods \"p1\" already exists", second.problems().get(0));
        ObservedPod o = assertInstanceOf(ObservedPod.class, second.observed());
        assertEquals("Rejected", o.phase());
        assertEquals("AlreadyExists", o.reason());
        assertEquals(List.of(1, 1), List.of(r.summary().passed(), r.summary().failed()));
    }

    @Test
    void aSubmitWithoutExpectationThatIsRefusedFails() {
        Scenario one = read(ScenarioReaderTest.BASE);
        Step.Submit first = (Step.Submit) one.steps().get(0);
        Step.Submit bare = new Step.Submit(first.line(), "", first.tenant(), first.pod(), first.manifest(), null);
        RunResult r = run(new Scenario("t.yaml", one.lab(), List.of(bare, bare)));
        assertTrue(r.steps().get(0).passed());
        assertFalse(r.steps().get(1).passed());
        assertTrue(r.steps().get(1).problems().get(0).contains("AlreadyExists"), r.steps().get(1).problems().toString());
    }

    @Test
    void theCheckerFlagsAStaticallyKnownDuplicate() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> read(twoSubmits("{phase: Running}")));
        assertEquals(29, e.line(), e.getMessage());
        assertTrue(e.problem().contains("pod default/p1 already exists in tenant tenant-a (submitted on line 14)"),
                e.getMessage());
        assertTrue(e.problem().contains("AlreadyExists"), e.getMessage());
    }

    @Test
    void aPodTheLabStatesUpFrontExistsForTheChecker() {
        String lab = ScenarioReaderTest.BASE.replace("            - {model: A100-80GB, count: 1}\n",
                "            - {model: A100-80GB, count: 1}\n"
                + "          pods:\n"
                + "            - {apiVersion: v1, kind: Pod, metadata: {name: p1}, spec: {containers: [{name: m, "
                + "image: busybox}]}}\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> read(lab));
        assertTrue(e.problem().startsWith("pod default/p1 already exists in tenant tenant-a (stated in the lab)"),
                e.getMessage());
    }

    @Test
    void aDuplicateExpectedToBeRefusedIsAllowedAndHolds() {
        RunResult r = run(read(twoSubmits("{phase: Rejected, reason: AlreadyExists, "
                + "message: 'tenant-a: Error from server (AlreadyExists): pods \"p1\" already exists'}")));
        assertTrue(r.allPassed(), r.steps().toString());
        assertEquals(List.of(2, 0), List.of(r.summary().passed(), r.summary().failed()));
    }

    @Test
    void aDeletedPodMayBeSubmittedAgain() {
        String yaml = ScenarioReaderTest.BASE + SECOND.replace("EXPECT", "{phase: Running}");
        assertTrue(run(read(yaml)).allPassed());
    }

    @Test
    void reasonMustBeAKnownCodeAndTheErrorListsThem() {
        String yaml = ScenarioReaderTest.BASE.replace("expect: {phase: Running, node: w-a}",
                "expect: {phase: Pending, reason: Card}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> read(yaml));
        assertEquals("steps[0].expect.reason", e.path());
        assertTrue(e.problem().startsWith("unknown reason 'Card'"), e.getMessage());
        assertTrue(e.problem().contains("CardInsufficientCore, CardTimeSlicingExhausted"), e.getMessage());
        assertTrue(e.problem().contains("Unschedulable"), e.getMessage());
    }

    /** A pod that does not fit: its reason is CardInsufficientMemory, and "Card..." prefixes no longer pass. */
    private static String tooBig(String expect) {
        return ScenarioReaderTest.BASE.replace("nvidia.com/gpumem: 20000}", "nvidia.com/gpumem: 90000}")
                .replace("expect: {phase: Running, node: w-a}", "expect: " + expect)
                .replace("  - advance: 5m\n  - delete: {tenant: tenant-a, pod: p1}\n", "");
    }

    @Test
    void reasonMatchesExactly() {
        assertTrue(run(read(tooBig("{phase: Pending, reason: CardInsufficientMemory}"))).allPassed());
        RunResult wrong = run(read(tooBig("{phase: Pending, reason: CardInsufficientCore}")));
        assertFalse(wrong.allPassed());
        assertEquals("reason: expected CardInsufficientCore, observed CardInsufficientMemory",
                wrong.steps().get(0).problems().get(0));
    }

    @Test
    void messageIsExactAndMessageContainsIsTheNamedLooseCheck() {
        String full = "0/1 nodes are available: 1 1/1 CardInsufficientMemory.";
        assertTrue(run(read(tooBig("{phase: Pending, message: '" + full + "'}"))).allPassed());
        RunResult part = run(read(tooBig("{phase: Pending, message: 'nodes are available'}")));
        assertEquals("message: expected nodes are available, observed " + full, part.steps().get(0).problems().get(0));
        assertTrue(run(read(tooBig("{phase: Pending, messageContains: 'nodes are available'}"))).allPassed());
        assertFalse(run(read(tooBig("{phase: Pending, messageContains: 'CardInsufficientCore'}"))).allPassed());
    }
}
