package io.gpulab.app.gui.walkthrough;

import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.jspecify.annotations.Nullable;

/**
 * Runs one walkthrough: feed it every new snapshot; when the current step's check holds, the step is
 * done and the next becomes current. Finished when the last check has held.
 */
public final class WalkthroughViewModel {

    private final List<Walkthrough> available;
    private final ReadOnlyObjectWrapper<@Nullable Walkthrough> current = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper stepIndex = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(false);

    public WalkthroughViewModel(List<Walkthrough> available) {
        this.available = List.copyOf(available);
    }

    public List<Walkthrough> available() {
        return available;
    }

    public ReadOnlyObjectProperty<@Nullable Walkthrough> currentProperty() {
        return current.getReadOnlyProperty();
    }

    /** Index of the step being worked on; equals the step count once finished. */
    public ReadOnlyIntegerProperty stepIndexProperty() {
        return stepIndex.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    /** Starts {@code w} from its first step; the caller opens {@code w.scenario()} fresh. */
    public void start(Walkthrough w) {
        current.set(w);
        stepIndex.set(0);
        finished.set(false);
    }

    public void stop() {
        current.set(null);
        stepIndex.set(0);
        finished.set(false);
    }

    /** Checks the current step against {@code s}. */
    public void onSnapshot(LabSnapshot s) {
        Walkthrough w = current.get();
        if (w == null || finished.get()) {
            return;
        }
        int i = stepIndex.get();
        // one step per snapshot: each action the trainee takes completes at most its own step
        if (i < w.steps().size() && w.steps().get(i).check().test(s)) {
            i++;
        }
        stepIndex.set(i);
        finished.set(i >= w.steps().size());
    }
}
