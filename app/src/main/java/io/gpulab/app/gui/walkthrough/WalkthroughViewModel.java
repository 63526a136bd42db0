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
    private final ReadOnlyIntegerWrapper viewed = new ReadOnlyIntegerWrapper(0);
    private List<LabSnapshot> versions = List.of();
    private @Nullable Walkthrough shown;

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

    /**
     * The step whose text the panel shows: the step being worked on, until Back or Next moves through the text
     * (which never touches the lab); the next change of progress brings it back to the step being worked on.
     */
    public ReadOnlyIntegerProperty viewedProperty() {
        return viewed.getReadOnlyProperty();
    }

    /** Shows the previous step's text. */
    public void back() {
        viewed.set(Math.max(0, viewed.get() - 1));
    }

    /** Shows the next step's text. */
    public void next() {
        Walkthrough w = selected.get();
        viewed.set(w == null ? 0 : Math.min(w.steps().size() - 1, viewed.get() + 1));
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
        boolean moved = at != stepIndex.get();
        // the text follows the lab: a new step (or another walkthrough) is shown from its start
        if (moved || w != shown) {
            viewed.set(w == null ? 0 : Math.max(0, Math.min(at, w.steps().size() - 1)));
        }
        shown = w;
        stepIndex.set(at);
    }
}
