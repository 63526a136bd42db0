package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.jspecify.annotations.Nullable;

/**
 * The lab's one history ({@link LabHistory}) as the workbench reads and rewinds it: the timeline's actions, the
 * versions the walkthroughs judge, the version on screen (time travel's, while a past version is shown), and Undo
 * and Redo ({@link UndoRedo}). The view-model refreshes it after every engine round and clears it for a new lab.
 */
public final class WorkbenchHistory {

    private final WorkbenchViewModel vm;
    private final LabHistory history;
    private final UndoRedo undoRedo;
    private final ReadOnlyObjectWrapper<List<LabSnapshot>> versions = new ReadOnlyObjectWrapper<>();

    WorkbenchHistory(WorkbenchViewModel vm, LabSnapshot opened) {
        this.vm = vm;
        this.history = new LabHistory(opened);
        this.undoRedo = new UndoRedo(vm);
        versions.set(history.versionsSinceReset());
    }

    /** The commands sent since the last reset, oldest first. */
    public List<LabCommand> commands() {
        return history.commands();
    }

    /**
     * The lab as opened (or last reset) and after each command sent since, oldest first: what walkthrough
     * checks are evaluated on, so Undo and Reset change the ticks with the lab.
     */
    public ReadOnlyObjectProperty<List<LabSnapshot>> versionsProperty() {
        return versions.getReadOnlyProperty();
    }

    /** Every action since the lab was opened, resets included: the timeline's stops after "as opened". */
    public List<LabHistory.Action> timeline() {
        return history.actions();
    }

    /**
     * The version of the lab on screen, as the timeline numbers it: 0 as opened, k after the k-th action; a past
     * version's number while one is shown.
     */
    public int shownVersion() {
        TimeTravel tt = vm.past().pastProperty().get();
        return tt != null ? tt.index() : history.actions().size();
    }

    /** Whether the lab's last change was a new action of the user's own hand ({@link LabHistory#lastChangeByHand}). */
    public boolean lastChangeByHand() {
        return history.lastChangeByHand();
    }

    /** The lab as it was opened, before any action (the timeline's origin). */
    public LabSnapshot openedSnapshot() {
        return history.initial();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return undoRedo.canUndoProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return undoRedo.canRedoProperty();
    }

    /** Takes back the last action (reset-and-replay: the simulated lab only). */
    public void undo() {
        undoRedo.undo();
    }

    /** Plays the last undone action again. */
    public void redo() {
        undoRedo.redo();
    }

    /** The label of the action Redo would play again, or null (for the Redo control's tooltip). */
    public @Nullable String nextRedo() {
        return undoRedo.nextRedo();
    }

    /** The recorded history itself, for the coordinated parts that record and replay it. */
    LabHistory recorded() {
        return history;
    }

    /** After an engine round: what Undo and Redo can do, and the versions since the reset. */
    void refresh() {
        undoRedo.refresh();
        versions.set(history.versionsSinceReset());
    }

    /** Forgets everything: a new lab was opened. */
    void clear(LabSnapshot opened) {
        history.clear(opened);
        versions.set(history.versionsSinceReset());
        undoRedo.refresh();
    }
}
