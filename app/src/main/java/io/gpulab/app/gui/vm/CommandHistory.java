package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The user's accepted commands since the last reset. Undo replays all but the last on a reset lab,
 * which is exact because the sim backend is deterministic. Consecutive clock advances (the play
 * button ticks) merge into one entry so one undo takes back one "play" span.
 */
public final class CommandHistory {

    private final List<LabCommand> commands = new ArrayList<>();

    /** Records an accepted command; {@code Reset} clears the history. */
    public void record(LabCommand command) {
        if (command instanceof LabCommand.Reset) {
            commands.clear();
            return;
        }
        int last = commands.size() - 1;
        if (command instanceof LabCommand.Advance next && last >= 0
                && commands.get(last) instanceof LabCommand.Advance prev) {
            commands.set(last, new LabCommand.Advance(prev.by().plus(next.by())));
            return;
        }
        commands.add(command);
    }

    public boolean canUndo() {
        return !commands.isEmpty();
    }

    /** Drops the last command and returns what must be replayed after a reset. */
    public List<LabCommand> undo() {
        if (!commands.isEmpty()) {
            commands.remove(commands.size() - 1);
        }
        return List.copyOf(commands);
    }

    /** Everything recorded, oldest first. */
    public List<LabCommand> commands() {
        return List.copyOf(commands);
    }

    /** Total virtual time the recorded advances add up to. */
    public Duration advanced() {
        return commands.stream().filter(LabCommand.Advance.class::isInstance)
                .map(c -> ((LabCommand.Advance) c).by()).reduce(Duration.ZERO, Duration::plus);
    }

    public void clear() {
        commands.clear();
    }
}
