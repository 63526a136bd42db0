package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.StepResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The lab's one history (docs/workbench.md, "One lab history"): every action of the user since the lab was opened,
 * in order, each with what it sent to the lab and the lab after each. Next step, Play, the clock, Undo, Redo, Reset,
 * the lab editor, time travel, the walkthroughs and every export read this one list, so they cannot disagree:
 * <ul>
 * <li>one action is one Undo, one Redo and one timeline stop; a run of the clock (Run until paused) is one action,
 *     Step 30s and +5 min are one each;</li>
 * <li>the scenario's step counter is the number of its playable steps the actions since the last reset played, each
 *     once and in order;</li>
 * <li>a command of the user's own that the lab refused is no action (nothing changed); a scenario step is played
 *     even when the lab refuses it, since its check then says so, as {@code gpulab run} would.</li>
 * </ul>
 * Undo replays the actions before the last on a reset lab, exact because the simulated lab is deterministic; Redo
 * plays the undone action again; a new action forgets what Redo could bring back.
 */
public final class LabHistory {

    /**
     * One thing an action sent to the lab, and the lab right after it.
     *
     * @param item    a playable step of the opened scenario, or a command of the user's own
     * @param command the command it sent (null for a playable step that only checks)
     * @param results the results of the scenario steps it ran, checks included (empty for the user's own)
     */
    public record Applied(RecordedScenario.Item item, @Nullable LabCommand command, List<StepResult> results,
                          LabSnapshot after) {

        public Applied {
            results = List.copyOf(results);
        }

        /** The playable step it played, or 0 for a command of the user's own. */
        public int played() {
            return item instanceof RecordedScenario.Item.Played p ? p.number() : 0;
        }
    }

    /**
     * One action of the user: one Undo, one timeline stop.
     *
     * @param label    what it did, in the user's words ("Played step 2 of 5", "Advanced the clock by 30s")
     * @param clockRun a run of the clock: ticks that follow it while the clock runs join it
     */
    public record Action(String label, List<Applied> applied, boolean clockRun) {

        public Action {
            applied = List.copyOf(applied);
            if (applied.isEmpty()) {
                throw new IllegalArgumentException("an action applied nothing");
            }
        }

        /** The lab once the action was done. */
        public LabSnapshot after() {
            return applied.get(applied.size() - 1).after();
        }

        /** A reset or a lab-editor change: the lab is built anew, what came before no longer shapes it. */
        public boolean rebuilds() {
            return applied.get(0).command() != null && LabHistory.rebuilds(applied.get(0).command());
        }
    }

    private LabSnapshot initial;
    private final List<Action> actions = new ArrayList<>();
    private final Deque<Action> undone = new ArrayDeque<>();
    private boolean runOpen;
    /** The last change recorded was a new action of the user's own hand ({@link #lastChangeByHand}). */
    private boolean byHand;

    public LabHistory(LabSnapshot initial) {
        this.initial = initial;
    }

    /** A reset or a redesign: the lab is built anew. */
    public static boolean rebuilds(LabCommand c) {
        return c instanceof LabCommand.Reset || c instanceof LabCommand.Redesign;
    }

    /**
     * Records a new action; what Redo could bring back is forgotten. A tick of a running clock joins the run it
     * belongs to (until the clock is paused or another action comes between).
     */
    public void record(Action action) {
        undone.clear();
        byHand = !action.clockRun() && !action.rebuilds()
                && action.applied().stream().allMatch(x -> x.item() instanceof RecordedScenario.Item.Own);
        int last = actions.size() - 1;
        if (action.clockRun() && runOpen && last >= 0 && actions.get(last).clockRun()) {
            List<Applied> joined = new ArrayList<>(actions.get(last).applied());
            joined.addAll(action.applied());
            actions.set(last, new Action(runLabel(joined), joined, true));
            return;
        }
        actions.add(action.clockRun() ? new Action(runLabel(action.applied()), action.applied(), true) : action);
        runOpen = action.clockRun();
    }

    private static String runLabel(List<Applied> ticks) {
        java.time.Duration total = java.time.Duration.ZERO;
        for (Applied a : ticks) {
            if (a.command() instanceof LabCommand.Advance adv) {
                total = total.plus(adv.by());
            }
        }
        return "Ran the clock for " + Formats.duration(total);
    }

    /** The clock was started or paused: the next tick starts a new run. */
    public void closeRun() {
        runOpen = false;
    }

    /**
     * Whether the last change was a new action of the user's own hand (a drop, a delete, a fault, a clock step, a
     * switch): not a scenario step played, a run of the clock, a reset or lab-editor change, an undo or a redo.
     */
    public boolean lastChangeByHand() {
        return byHand;
    }

    public boolean canUndo() {
        return !actions.isEmpty();
    }

    public boolean canRedo() {
        return !undone.isEmpty();
    }

    /**
     * Takes the last action back; returns the commands that rebuild the lab without it: a rebuild (the last reset or
     * lab-editor change before it, else a reset) and every command since.
     */
    public List<LabCommand> undo() {
        runOpen = false;
        byHand = false;
        if (!actions.isEmpty()) {
            undone.push(actions.remove(actions.size() - 1));
        }
        List<LabCommand> replay = new ArrayList<>();
        int from = lastRebuild(actions.size());
        if (from < 0) {
            replay.add(new LabCommand.Reset());
        }
        for (Action a : actions.subList(Math.max(0, from), actions.size())) {
            for (Applied x : a.applied()) {
                if (x.command() != null) {
                    replay.add(x.command());
                }
            }
        }
        return replay;
    }

    /** The action Redo plays again (removed from the redo stack), or null when there is none. */
    public @Nullable Action redo() {
        runOpen = false;
        return undone.isEmpty() ? null : undone.pop();
    }

    /** Records an action Redo played again, keeping the rest of what Redo can bring back. */
    public void redone(Action action) {
        byHand = false;
        actions.add(action);
    }

    /** The label of the action Redo would play, or null. */
    public @Nullable String nextRedo() {
        return undone.isEmpty() ? null : undone.peek().label();
    }

    /** Every action since the lab was opened, resets included: the timeline's stops after "as opened". */
    public List<Action> actions() {
        return List.copyOf(actions);
    }

    /** The lab as opened. */
    public LabSnapshot initial() {
        return initial;
    }

    /**
     * The lab as opened (or as last rebuilt) and after each command sent since, oldest first; never empty. Finer
     * than the timeline: the walkthroughs judge each step of a Play and each tick of a run of the clock.
     */
    public List<LabSnapshot> versionsSinceReset() {
        int from = lastRebuild(actions.size());
        List<LabSnapshot> out = new ArrayList<>();
        out.add(from < 0 ? initial : actions.get(from).after());
        for (Action a : actions.subList(from + 1, actions.size())) {
            a.applied().forEach(x -> out.add(x.after()));
        }
        return out;
    }

    /** How many of the scenario's playable steps the actions since the last rebuild played (each once, in order). */
    public int played() {
        return (int) sinceRebuild().stream().filter(x -> x.played() > 0).count();
    }

    /**
     * The scenario checks the actions since the last rebuild ran, in order: the checks {@code gpulab run} of the
     * recorded scenario reaches, so the checks a report of the lab judges (the rest are its "not run").
     */
    public List<StepResult> checksSinceRebuild() {
        List<StepResult> out = new ArrayList<>();
        sinceRebuild().forEach(x -> x.results().stream().filter(StepResult::check).forEach(out::add));
        return out;
    }

    /** The history since the last rebuild as the items of its recorded scenario. */
    public List<RecordedScenario.Item> items() {
        return itemsAt(actions.size());
    }

    /** The same for the lab after the first {@code count} actions (a version time travel shows). */
    public List<RecordedScenario.Item> itemsAt(int count) {
        int to = Math.min(count, actions.size());
        List<RecordedScenario.Item> out = new ArrayList<>();
        actions.subList(lastRebuild(to) + 1, to).forEach(a -> a.applied().forEach(x -> out.add(x.item())));
        return out;
    }

    /** The commands sent since the last rebuild, oldest first (what a replay of the lab as it is sends). */
    public List<LabCommand> commands() {
        List<LabCommand> out = new ArrayList<>();
        sinceRebuild().forEach(x -> {
            if (x.command() != null) {
                out.add(x.command());
            }
        });
        return out;
    }

    /** The last lab-editor change among the first {@code count} actions since the reset before them, or null. */
    public LabCommand.@Nullable Redesign redesignAt(int count) {
        int from = lastRebuild(Math.min(count, actions.size()));
        return from >= 0 && actions.get(from).applied().get(0).command() instanceof LabCommand.Redesign r ? r : null;
    }

    /** Forgets everything: a new lab was opened. */
    public void clear(LabSnapshot opened) {
        actions.clear();
        undone.clear();
        runOpen = false;
        byHand = false;
        initial = opened;
    }

    private List<Applied> sinceRebuild() {
        List<Applied> out = new ArrayList<>();
        actions.subList(lastRebuild(actions.size()) + 1, actions.size()).forEach(a -> out.addAll(a.applied()));
        return out;
    }

    /** The index of the last rebuilding action among the first {@code count}, or -1. */
    private int lastRebuild(int count) {
        for (int i = count - 1; i >= 0; i--) {
            if (actions.get(i).rebuilds()) {
                return i;
            }
        }
        return -1;
    }
}
