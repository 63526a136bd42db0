package io.gpulab.app.gui.view;

import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a walkthrough step points the trainee at on the canvas (docs/workbench.md, "Walkthroughs"), as the ids of the
 * drawn nodes from whose top to whose bottom it reaches: the tenant its routes first drop on, select or set a policy
 * of (its panel down to its pending lane, where a drop shows); else a control of the canvas its routes first click
 * (a tenant's Konnectivity switch); else, in a walkthrough that reads the management band, the band (its faults and
 * its control planes are read there); else nothing (a toolbar button, the lab as a whole).
 */
record StepTarget(String topId, String bottomId) {

    /** The target of step {@code index} of {@code w}, or null when it points at nothing on the canvas. */
    static @Nullable StepTarget of(Walkthrough w, int index, java.util.function.Predicate<String> drawn) {
        if (index < 0 || index >= w.steps().size()) {
            return null;
        }
        WalkthroughStep step = w.steps().get(index);
        for (List<WalkthroughStep.RouteAction> route : step.routes()) {
            for (WalkthroughStep.RouteAction a : route) {
                String tenant = "select".equals(a.kind()) ? a.args().get("id") : a.args().get("tenant");
                if (tenant != null) {
                    return new StepTarget("tenant-" + tenant, "pending-" + tenant);
                }
                String id = a.args().get("id");
                if ("click".equals(a.kind()) && id != null && drawn.test(id)) {
                    return new StepTarget(id, id);
                }
            }
        }
        return w.opens().contains(Walkthrough.MANAGEMENT_BAND) ? new StepTarget("management", "management") : null;
    }
}
