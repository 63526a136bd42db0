package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.PlayableStep;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Plays the opened scenario's own steps on the current lab, all or one at a time. Its step counter is the lab's
 * history ({@link LabHistory#played()}): the number of playable steps played since the last reset, each once and in
 * order, whatever else the user did in between; the next step is always the one after them.
 */
public final class ScenarioPlayback {

    private final WorkbenchViewModel vm;
    private final WriteGate gate;

    ScenarioPlayback(WorkbenchViewModel vm, WriteGate gate) {
        this.vm = vm;
        this.gate = gate;
    }

    private List<PlayableStep> steps() {
        return vm.lab().playable();
    }

    /** The playable steps the opened scenario has (each step that changes the lab, with the checks after it). */
    public int scenarioStepCount() {
        return steps().size();
    }

    /** How many of them the lab's history played since its last reset. */
    public int scenarioStepsPlayed() {
        return vm.recorded().played();
    }

    /** Plays every step not played yet, in order, as one action. */
    public void playScenarioSteps() {
        playScenarioSteps(Integer.MAX_VALUE);
    }

    /** Plays the steps not played yet, up to step {@code upTo} (1-based), as one action. */
    public void playScenarioSteps(int upTo) {
        int done = scenarioStepsPlayed();
        int last = Math.min(upTo, steps().size());
        if (done >= steps().size()) {
            vm.hint(allPlayed());
            return;
        }
        if (last > done) {
            play(done + 1, last);
        }
    }

    private String allPlayed() {
        return (steps().size() == 1 ? "The scenario's 1 step is played" : "All " + steps().size()
                + " scenario steps are played") + "; Reset (Ctrl+Shift+R) to start over";
    }

    /** Plays the scenario's next step: the one after those the history played. */
    public void playNextScenarioStep() {
        int done = scenarioStepsPlayed();
        if (done >= steps().size()) {
            vm.hint(allPlayed());
            return;
        }
        play(done + 1, done + 1);
    }

    /** The step Next step plays, or empty when every step is played. */
    public Optional<PlayableStep> nextStep() {
        int done = scenarioStepsPlayed();
        return done < steps().size() ? Optional.of(steps().get(done)) : Optional.empty();
    }

    private void play(int from, int to) {
        if (vm.busy()) {
            return; // the step before is on its way: this one would be numbered as it (a double click)
        }
        List<RecordedScenario.Item> items = new ArrayList<>();
        List<LabCommand> commands = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            items.add(new RecordedScenario.Item.Played(n));
            steps().get(n - 1).command().ifPresent(commands::add);
        }
        if (!vm.simulated() && !commands.isEmpty() && !gate.allow("Play " + commands.size() + " scenario steps on "
                + vm.backendId(), ClusterWriteText.steps(commands))) {
            vm.status("Cancelled: nothing was sent to the cluster", StatusKind.WARNING);
            return;
        }
        int total = steps().size();
        // one action per step, as if Next step were pressed for each: one Undo and one timeline stop each
        vm.act(items, false, true, a -> "Step " + a.played() + " of " + total + ": " + steps().get(a.played() - 1)
                .title(), r -> outcome(r, from, to));
    }

    /**
     * The run's checks as the review report counts them (the checks reached since the last reset, and the scenario's
     * checks not reached yet, "not run"), when they are not this play's: after Next step then Play the status said "7
     * checks passed" where the report says "All 8 checks passed", and a trainer read that as a disagreement.
     * Empty when this play's checks are the run's, or on a cluster (its report runs no check: gpulab verify does).
     */
    private String inTheRun(List<StepResult> played) {
        if (!vm.simulated()) {
            return "";
        }
        List<StepResult> reached = vm.recorded().checksSinceRebuild();
        int notRun = vm.recording().notRun().size();
        if (reached.size() == played.size() && notRun == 0) {
            return "";
        }
        long passed = reached.stream().filter(StepResult::passed).count();
        long failed = reached.size() - passed;
        return " (" + passed + " of " + (reached.size() + notRun) + " passed in the run"
                + (failed == 0 ? "" : ", " + failed + " FAILED") + (notRun == 0 ? "" : ", " + notRun + " not run")
                + ")";
    }

    /** The status line after playing: the checks' verdicts, and why a step was not played. */
    private String outcome(LabRefresh r, int from, int to) {
        List<StepResult> checks = new ArrayList<>();
        r.applied().forEach(a -> a.results().stream().filter(StepResult::check).forEach(checks::add));
        int played = r.applied().size();
        String where = vm.simulated() ? "" : " on the cluster";
        String what = played == 0 ? "" : played == 1 ? "Played step " + from + " of " + steps().size() + where
                + " (" + steps().get(from - 1).title() + ")"
                : "Played steps " + from + "–" + (from + played - 1) + " of " + steps().size() + where;
        long failed = checks.stream().filter(c -> !c.passed()).count();
        String run = inTheRun(checks);
        String verdict = checks.isEmpty() ? "" : !vm.simulated() ? observed(checks, failed)
                : failed == 0 ? (checks.size() == 1 ? ": PASS" : ": " + checks.size() + " checks passed"
                + (run.isEmpty() ? "" : " in this play")) + run
                : ": " + failed + " of " + checks.size() + " checks FAILED" + (run.isEmpty() ? "" : " in this play")
                + run + " (" + first(checks) + ")";
        String stop = r.refused() == null ? "" : (played == 0 ? "" : ". ") + "Step " + (from + played)
                + " was not played: " + r.refused();
        return what + verdict + stop;
    }

    /**
     * On a cluster the checks are judged on what it showed at that moment, and its review report runs none (each reads
     * NOT RUN there): "8 checks passed" would contradict the report a reviewer gets.
     */
    private static String observed(List<StepResult> checks, long failed) {
        String report = "; the review report runs none (NOT RUN on a cluster)";
        return failed == 0 ? ": " + checks.size() + (checks.size() == 1 ? " check" : " checks") + " held as observed"
                + report : ": " + failed + " of " + checks.size() + " checks did not hold as observed (" + first(checks)
                + ")" + report;
    }

    private static String first(List<StepResult> checks) {
        return checks.stream().filter(c -> !c.passed()).findFirst().map(c -> c.title() + ": "
                + String.join("; ", c.problems())).orElse("");
    }
}
