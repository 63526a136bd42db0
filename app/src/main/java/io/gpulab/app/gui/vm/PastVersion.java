package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.jspecify.annotations.Nullable;

/**
 * Time travel on the workbench: shows the lab as it was after an earlier recorded action (rebuilt in a
 * scratch lab, read-only) in place of the live lab, and back to now. While a past version is shown the
 * coordinator refuses every change.
 */
public final class PastVersion {

    private final WorkbenchViewModel vm;
    private final ReadOnlyObjectWrapper<@Nullable TimeTravel> past = new ReadOnlyObjectWrapper<>();

    PastVersion(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    /** The version shown instead of the live lab (read-only), or null when showing now. */
    public ReadOnlyObjectProperty<@Nullable TimeTravel> pastProperty() {
        return past.getReadOnlyProperty();
    }

    /**
     * Shows the lab as it was after the {@code index}-th recorded action (0: as opened): its cards, pods,
     * events and traces, rebuilt in a scratch lab. Read-only; the timeline's last index is now.
     */
    public void showVersion(int index) {
        List<LabHistory.Action> timeline = vm.history().timeline();
        if (index >= timeline.size()) {
            returnToNow();
            return;
        }
        if (!vm.simulated()) {
            vm.hint("Time travel needs the simulated lab: a real cluster cannot be rewound");
            return;
        }
        vm.playingProperty().set(false);
        String source = vm.lab().sourceYaml();
        vm.tasks().execute(() -> TimeTravel.at(vm.opener(), source, timeline, Math.max(0, index)), tt -> {
            close();
            past.set(tt);
            vm.show(tt.snapshot(), tt.events());
            vm.status("Viewing version " + tt.index() + " of " + timeline.size() + " (" + tt.label()
                    + "), read-only: Return to now to change the lab", StatusKind.INFO);
        }, e -> vm.error("Cannot rebuild that version: " + e.getMessage()));
    }

    /** Back from a past version to the live lab. */
    public void returnToNow() {
        if (past.get() == null) {
            return;
        }
        close();
        LabBackend backend = vm.lab().backend();
        vm.show(backend.snapshot(), backend.events());
        vm.status("Back to now", StatusKind.INFO);
    }

    /** Drops the shown past version (and its scratch lab), if any. */
    void close() {
        TimeTravel tt = past.get();
        past.set(null);
        if (tt != null) {
            tt.close();
        }
    }

    /** True (and says so) when a past version is shown: nothing may change until the user returns to now. */
    boolean refusesChange() {
        if (past.get() == null) {
            return false;
        }
        vm.hint("Viewing a past version (read-only): Return to now to change the lab");
        return true;
    }

    /** The scratch lab of the shown past version, or null when showing now. */
    @Nullable LabBackend scratch() {
        TimeTravel then = past.get();
        return then != null ? then.scratch() : null;
    }

    /** True while a past version is shown instead of the live lab. */
    public boolean showing() {
        return past.get() != null;
    }
}
