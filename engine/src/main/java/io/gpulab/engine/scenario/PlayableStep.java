package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A scenario step as the workbench plays it and {@code --steps N} counts it: one step that changes the lab, with the
 * check-only steps right after it (checks before the first such step go with it; a scenario of checks only is one
 * playable step). Playing step k runs exactly the scenario steps {@code first .. first + steps.size() - 1}, checks
 * included, so a lab after k playable steps has run every check up to there and none after.
 *
 * @param number 1-based
 * @param first  the 0-based index of its first scenario step ({@code steps[first]} in the file)
 * @param steps  its scenario steps, in file order
 */
public record PlayableStep(int number, int first, List<Step> steps) {

    public PlayableStep {
        steps = List.copyOf(steps);
    }

    /** The scenario's steps grouped into playable steps, in order; empty for a scenario without steps. */
    public static List<PlayableStep> of(Scenario scenario) {
        List<PlayableStep> out = new ArrayList<>();
        List<Step> current = new ArrayList<>();
        int first = 0;
        boolean changes = false;
        List<Step> all = scenario.steps();
        for (int i = 0; i < all.size(); i++) {
            Step s = all.get(i);
            boolean command = StepCommand.of(s).isPresent();
            if (command && changes) {
                out.add(new PlayableStep(out.size() + 1, first, current));
                current = new ArrayList<>();
                first = i;
            }
            changes |= command;
            current.add(s);
        }
        if (!current.isEmpty()) {
            out.add(new PlayableStep(out.size() + 1, first, current));
        }
        return out;
    }

    /** The engine command of the step that changes the lab; empty for a scenario of checks only. */
    public Optional<LabCommand> command() {
        return steps.stream().map(StepCommand::of).flatMap(Optional::stream).findFirst();
    }

    /** Its steps that check something (a submit with {@code expect} among them). */
    public List<Step> checks() {
        return steps.stream().filter(Step::isCheck).toList();
    }

    /** The step for reports: the name of its lab-changing step, else that step in words. */
    public String title() {
        Step main = steps.stream().filter(s -> StepCommand.of(s).isPresent()).findFirst()
                .orElse(steps.get(0));
        return titleOf(main);
    }

    /** A step's title as reports print it: its {@code name}, else the step in words. */
    public static String titleOf(Step step) {
        return step.label().isEmpty() ? StepText.of(step) : step.label();
    }
}
