package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import java.util.List;

/**
 * Plays the opened scenario's own steps on the current lab, all or one at a time, recording each as an
 * action; knows how far along the scenario the actions since the last reset are.
 */
public final class ScenarioPlayback {

    private final WorkbenchViewModel vm;
    private final WriteGate gate;

    ScenarioPlayback(WorkbenchViewModel vm, WriteGate gate) {
        this.vm = vm;
        this.gate = gate;
    }

    private List<LabCommand> steps() {
        return vm.lab().steps();
    }

    /** The steps the opened scenario would play. */
    public int scenarioStepCount() {
        return steps().size();
    }

    /**
     * Plays the scenario's own steps on the current lab, in order, recording each: the ones not yet played
     * when the actions since the last reset are the scenario's first steps, else all of them.
     */
    public void playScenarioSteps() {
        int done = scenarioStepsPlayed();
        if (done > 0 && done < steps().size()) {
            playSteps(steps().subList(done, steps().size()));
        } else {
            playScenarioSteps(Integer.MAX_VALUE);
        }
    }

    /** Plays the first {@code count} of the scenario's lab-changing steps. */
    public void playScenarioSteps(int count) {
        playSteps(steps().subList(0, Math.min(count, steps().size())));
    }

    /** Plays the scenario's next step (the first when the actions since the last reset are not its steps). */
    public void playNextScenarioStep() {
        int done = Math.max(0, scenarioStepsPlayed());
        if (done >= steps().size()) {
            vm.hint("All " + steps().size() + " scenario steps are played; Reset (Ctrl+Shift+R) to start over");
            return;
        }
        playSteps(steps().subList(done, done + 1));
    }

    /**
     * How many of the scenario's steps the actions since the last reset are, in order: -1 when the user
     * did something else in between.
     */
    public int scenarioStepsPlayed() {
        return LabReplay.stepsPlayed(vm.history(), steps());
    }

    private void playSteps(List<LabCommand> steps) {
        if (vm.past().refusesChange()) {
            return;
        }
        if (!steps.isEmpty() && !vm.simulated() && !gate.allow("Play " + steps.size() + " scenario steps on "
                + vm.backendId(), ClusterWriteText.steps(steps))) {
            vm.status("Cancelled: nothing was sent to the cluster", StatusKind.WARNING);
            return;
        }
        LabBackend backend = vm.lab().backend();
        vm.round(() -> LabReplay.replay(backend, steps), r -> {
            r.applied().forEach(e -> vm.recorded().record(e.command(), e.after(), e.events(), false));
            vm.status(r.result().accepted() ? "Played " + steps.size() + " scenario step" + (steps.size() == 1 ? "" : "s")
                    + " (" + Math.max(0, scenarioStepsPlayed()) + " of " + steps().size() + ")"
                    : r.result().message(),
                    r.result().accepted() ? StatusKind.OK : StatusKind.ERROR);
        });
    }
}
