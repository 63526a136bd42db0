package io.gpulab.app.gui.walkthrough;

import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.jspecify.annotations.Nullable;

/**
 * The walkthrough panel's state, derived from the lab and nothing else. One property names the
 * walkthrough shown: the menu, the picker, the panel's title and steps and Start all read it, so they
 * can never disagree. Its progress is recomputed from the lab's versions since its last reset
 * ({@link WalkthroughProgress}) whenever they change, so Undo, Reset and a restart leave honest ticks.
 */
public final class WalkthroughViewModel {

    private final List<Walkthrough> available;
    private final ObjectProperty<@Nullable Walkthrough> selected = new SimpleObjectProperty<>();
    private final ReadOnlyIntegerWrapper stepIndex = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper onItsLab = new ReadOnlyBooleanWrapper(false);
    private List<LabSnapshot> versions = List.of();

    public WalkthroughViewModel(List<Walkthrough> available) {
        this.available = List.copyOf(available);
        if (!this.available.isEmpty()) {
            selected.set(this.available.get(0));
        }
        selected.addListener((o, a, b) -> recompute());
    }

    public List<Walkthrough> available() {
        return available;
    }

    /** The walkthrough shown in the panel (and started by Start). */
    public ObjectProperty<@Nullable Walkthrough> selectedProperty() {
        return selected;
    }

    /** Kept for callers that only read: the same property as {@link #selectedProperty()}. */
    public ObjectProperty<@Nullable Walkthrough> currentProperty() {
        return selected;
    }

    /** Index of the step being worked on; equals the step count once finished. */
    public ReadOnlyIntegerProperty stepIndexProperty() {
        return stepIndex.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    /** True when the lab is the walkthrough's scenario; otherwise no step is ticked and Start opens it. */
    public ReadOnlyBooleanProperty onItsLabProperty() {
        return onItsLab.getReadOnlyProperty();
    }

    /** Shows {@code w}; progress is whatever the current lab says about it. */
    public void select(@Nullable Walkthrough w) {
        selected.set(w);
    }

    /** The lab changed: {@code labVersions} are the lab since its last reset, oldest first. */
    public void update(List<LabSnapshot> labVersions) {
        versions = List.copyOf(labVersions);
        recompute();
    }

    private void recompute() {
        Walkthrough w = selected.get();
        boolean same = w != null && !versions.isEmpty()
                && w.scenario().equals(versions.get(versions.size() - 1).scenario());
        int at = same ? WalkthroughProgress.stepIndex(w, versions) : 0;
        onItsLab.set(same);
        // finished first: listeners of the index read it
        finished.set(w != null && same && at >= w.steps().size());
        stepIndex.set(at);
    }
}
