package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.RecordedScenario;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.jspecify.annotations.Nullable;

/**
 * Undo and Redo of the user's actions. Undo is reset-and-replay (rebuild the lab, replay what came before the
 * action since the reset before it), so only the simulated lab can be rewound; Redo applies the action's steps
 * again, as engine commands.
 */
final class UndoRedo {

    private final WorkbenchViewModel vm;
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(false);

    UndoRedo(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    /** Sets what Undo and Redo can do now (after each engine round, and for a new lab). */
    void refresh() {
        canUndo.set(undoable());
        canRedo.set(vm.simulated() && vm.recorded().canRedo());
    }

    private boolean undoable() {
        return vm.simulated() && vm.recorded().canUndo();
    }

    /** Takes back the last action: rebuild, then replay everything before it since the reset before it. */
    void undo() {
        LabHistory history = vm.recorded();
        if (vm.past().refusesChange() || !undoable()) {
            return;
        }
        String label = history.actions().get(history.actions().size() - 1).label();
        List<LabCommand> replay = history.undo();
        LabBackend backend = vm.lab().backend();
        vm.round(() -> LabReplay.replay(backend, replay), r -> vm.status("Undone: " + label, StatusKind.OK));
    }

    /** Plays the last undone action again. */
    void redo() {
        LabHistory history = vm.recorded();
        if (vm.past().refusesChange() || !vm.simulated() || !history.canRedo()) {
            return;
        }
        LabHistory.Action again = history.redo();
        List<RecordedScenario.Item> items = again.applied().stream().map(LabHistory.Applied::item).toList();
        OpenedLab lab = vm.lab();
        vm.round(() -> LabReplay.apply(lab.backend(), lab.playable(), items), r -> {
            if (!r.applied().isEmpty()) {
                history.redone(new LabHistory.Action(again.label(), r.applied(), again.clockRun()));
                if (again.rebuilds()) {
                    vm.namer().reset();
                }
            }
            vm.status("Redone: " + again.label(), StatusKind.OK);
        });
    }

    /** The label of the action Redo would play again, or null (for the Redo control's tooltip). */
    @Nullable String nextRedo() {
        return vm.recorded().nextRedo();
    }
}
