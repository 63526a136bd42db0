package io.gpulab.app.gui.walkthrough;

import io.gpulab.engine.api.LabSnapshot;
import java.util.List;

/**
 * How far a walkthrough got on a lab: its steps in order against the lab's versions in order. Step k is
 * ticked by the first version after step k-1's that satisfies its check; one version ticks at most one
 * step, because each action the trainee takes completes at most its own step. A pure function of the
 * versions: drop one (Undo) or start over (Reset) and the ticks follow.
 */
public final class WalkthroughProgress {

    private WalkthroughProgress() {
    }

    /** The index of the first step not yet done; the step count when every step is done. */
    public static int stepIndex(Walkthrough w, List<LabSnapshot> versions) {
        int i = 0;
        for (LabSnapshot s : versions) {
            if (i >= w.steps().size()) {
                break;
            }
            if (w.steps().get(i).check().test(s)) {
                i++;
            }
        }
        return i;
    }
}
