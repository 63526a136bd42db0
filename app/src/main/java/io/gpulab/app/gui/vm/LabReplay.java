package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.scenario.CommandStep;
import io.gpulab.engine.scenario.PlayableStep;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.Step;
import io.gpulab.engine.scenario.StepResult;
import java.util.ArrayList;
import java.util.List;

/** Engine round trips of the view-model that need none of its state (run on the task executor). */
final class LabReplay {

    private LabReplay() {
    }

    /**
     * Applies {@code items} in order, keeping the lab after each: a playable step of the scenario runs its steps as
     * {@code gpulab run} runs them (checks judged on the spot, a refusal kept as the step's result); a command of the
     * user's own that the lab refuses stops there, since it changed nothing.
     */
    static LabRefresh apply(LabBackend backend, List<PlayableStep> playable, List<RecordedScenario.Item> items) {
        List<LabHistory.Applied> applied = new ArrayList<>(items.size());
        String refused = null;
        String message = "";
        for (RecordedScenario.Item item : items) {
            if (item instanceof RecordedScenario.Item.Played p) {
                PlayableStep step = playable.get(p.number() - 1);
                ScenarioRunner runner = new ScenarioRunner(backend);
                List<StepResult> results = new ArrayList<>(step.steps().size());
                for (int i = 0; i < step.steps().size(); i++) {
                    results.add(runner.step(step.first() + i + 1, step.steps().get(i)));
                }
                applied.add(new LabHistory.Applied(item, step.command().orElse(null), results, backend.snapshot()));
            } else {
                LabCommand c = ((RecordedScenario.Item.Own) item).command();
                CommandResult r = backend.execute(c);
                if (!r.accepted()) {
                    refused = r.message();
                    break;
                }
                message = r.message();
                applied.add(new LabHistory.Applied(item, c, judged(backend, c, r), backend.snapshot()));
            }
        }
        return new LabRefresh(applied, refused, message, backend.snapshot(), backend.events());
    }

    /**
     * A user's own create, judged as {@code gpulab run} judges its step in the recorded history (a create refused at
     * admission fails there, since the step states no expectation); other commands the lab accepted check nothing.
     */
    private static List<StepResult> judged(LabBackend backend, LabCommand c, CommandResult r) {
        if (!(c instanceof LabCommand.SubmitPod p)) {
            return List.of();
        }
        StepResult s = new ScenarioRunner(backend).submitted(0, new Step.Submit(0, CommandStep.name(c), p.tenant(),
                CommandStep.podKey(p.manifest()), p.manifest(), null), r);
        return s.check() ? List.of(s) : List.of();
    }

    /** Sends {@code commands} in order, results unread: a replay of what was applied before (Undo). */
    static LabRefresh replay(LabBackend backend, List<LabCommand> commands) {
        commands.forEach(backend::execute);
        return new LabRefresh(List.of(), null, "", backend.snapshot(), backend.events());
    }

    /** Appends only what is new when the log grew (the common case), else replaces it (reset, undo). */
    static void syncEvents(List<LabEvent> events, List<LabEvent> all) {
        int n = events.size();
        if (all.size() >= n && (n == 0 || all.get(n - 1).equals(events.get(n - 1)))) {
            if (all.size() > n) {
                events.addAll(all.subList(n, all.size()));
            }
        } else {
            events.clear();
            events.addAll(all);
        }
    }

    /** The status line for a command's outcome. */
    static String describe(LabCommand c, String message) {
        String what = CommandText.of(c);
        String said = message.strip();
        // the engine's message may be the command's own words again (a lab edit answers with its change)
        if (said.isEmpty() || what.toLowerCase(java.util.Locale.ROOT).endsWith(said.toLowerCase(java.util.Locale.ROOT))) {
            return what;
        }
        // a command that found nothing to do says so alone: "Removed the node lock on w — node w is not locked"
        // claimed a removal that did not happen
        if (NOTHING_TO_DO.matcher(said).find()) {
            return Character.toUpperCase(said.charAt(0)) + said.substring(1) + ": nothing changed";
        }
        return what + " — " + said;
    }

    /** The engine's words for a command that changed nothing ("... is already down", "node w is not locked"). */
    private static final java.util.regex.Pattern NOTHING_TO_DO =
            java.util.regex.Pattern.compile("\\b(is|are) (already\\b|not locked$)");
}
