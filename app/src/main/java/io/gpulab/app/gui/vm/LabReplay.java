package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import java.util.ArrayList;
import java.util.List;

/** Engine round trips of the view-model that need none of its state (run on the task executor). */
final class LabReplay {

    private LabReplay() {
    }

    /** Executes each command in order; the lab after each is kept (time travel, walkthrough checks). */
    static LabRefresh replay(LabBackend backend, List<LabCommand> commands) {
        CommandResult last = CommandResult.ok(List.of());
        List<CommandHistory.Entry> applied = new ArrayList<>(commands.size());
        // count the log from each result: copying the whole log per step would be quadratic on long scenarios
        int logged = commands.isEmpty() ? 0 : backend.events().size();
        for (LabCommand c : commands) {
            CommandResult r = backend.execute(c);
            if (!r.accepted()) {
                last = r;
            }
            logged = CommandHistory.rebuilds(c) ? r.events().size() : logged + r.events().size();
            applied.add(new CommandHistory.Entry(c, backend.snapshot(), logged));
        }
        return new LabRefresh(last, backend.snapshot(), backend.events(), applied);
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

    /** How many of {@code steps} the actions {@code done} are, in order; -1 when something else came between. */
    static int stepsPlayed(List<LabCommand> done, List<LabCommand> steps) {
        if (done.size() > steps.size()) {
            return -1;
        }
        for (int i = 0; i < done.size(); i++) {
            if (!done.get(i).equals(steps.get(i))) {
                return -1;
            }
        }
        return done.size();
    }

    /** The status line for a command's outcome. */
    static String describe(LabCommand c, CommandResult r) {
        if (!r.accepted()) {
            return "Refused: " + r.message();
        }
        String what = CommandText.of(c);
        return r.message().isBlank() ? what : what + " — " + r.message();
    }
}
