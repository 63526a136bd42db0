package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The user's accepted commands since the lab was opened, each with the lab as it was right after it:
 * the lab's versions. Undo replays all but the last on a reset lab, which is exact because the sim
 * backend is deterministic. {@code Reset} is recorded like any action, so it can be undone too.
 * Consecutive clock advances (the play button ticks) merge into one entry so one undo takes back one
 * "play" span.
 */
public final class CommandHistory {

    /** One accepted command and the lab right after it. */
    public record Entry(LabCommand command, LabSnapshot after, int events) { }

    private LabSnapshot initial;
    private int initialEvents;
    private final List<Entry> entries = new ArrayList<>();

    public CommandHistory(LabSnapshot initial, int initialEvents) {
        this.initial = initial;
        this.initialEvents = initialEvents;
    }

    /** Records an accepted command; {@code after} is the lab once it took effect, {@code events} the log size. */
    public void record(LabCommand command, LabSnapshot after, int events) {
        record(command, after, events, true);
    }

    /**
     * Records an accepted command; {@code mergeTicks} false keeps an advance as its own entry (a scenario's
     * steps are recorded one for one, so "how many of its steps were played" can be read off the history).
     */
    public void record(LabCommand command, LabSnapshot after, int events, boolean mergeTicks) {
        int last = entries.size() - 1;
        if (mergeTicks && command instanceof LabCommand.Advance next && last >= 0
                && entries.get(last).command() instanceof LabCommand.Advance prev) {
            entries.set(last, new Entry(new LabCommand.Advance(prev.by().plus(next.by())), after, events));
            return;
        }
        entries.add(new Entry(command, after, events));
    }

    public boolean canUndo() {
        return !entries.isEmpty();
    }

    /** Drops the last command and returns what must be replayed after a reset (earlier resets included). */
    public List<LabCommand> undo() {
        if (!entries.isEmpty()) {
            entries.remove(entries.size() - 1);
        }
        return entries.stream().map(Entry::command).toList();
    }

    /** The commands since the last reset, oldest first: what a saved scenario replays. */
    public List<LabCommand> commands() {
        return sinceReset().stream().map(Entry::command).toList();
    }

    /** The lab as opened (or as last reset) and after each command since, oldest first; never empty. */
    public List<LabSnapshot> versionsSinceReset() {
        List<Entry> since = sinceReset();
        List<LabSnapshot> out = new ArrayList<>(since.size() + 1);
        int reset = lastReset();
        out.add(reset < 0 ? initial : entries.get(reset).after());
        since.forEach(e -> out.add(e.after()));
        return out;
    }

    /** Every entry since the lab was opened, resets included: the timeline. */
    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    public LabSnapshot initial() {
        return initial;
    }

    public int initialEvents() {
        return initialEvents;
    }

    /** Total virtual time the recorded advances since the last reset add up to. */
    public Duration advanced() {
        return commands().stream().filter(LabCommand.Advance.class::isInstance)
                .map(c -> ((LabCommand.Advance) c).by()).reduce(Duration.ZERO, Duration::plus);
    }

    /** Forgets everything: a new lab was opened. */
    public void clear(LabSnapshot opened, int events) {
        entries.clear();
        initial = opened;
        initialEvents = events;
    }

    /** A reset or a redesign: the lab is built anew, what came before no longer shapes it. */
    public static boolean rebuilds(LabCommand c) {
        return c instanceof LabCommand.Reset || c instanceof LabCommand.Redesign;
    }

    private int lastReset() {
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (rebuilds(entries.get(i).command())) {
                return i;
            }
        }
        return -1;
    }

    private List<Entry> sinceReset() {
        return entries.subList(lastReset() + 1, entries.size());
    }
}
