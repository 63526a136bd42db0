package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import javafx.application.Platform;
import org.jspecify.annotations.Nullable;

/**
 * Scrolls the canvas to what a walkthrough step points at ({@link StepTarget}) when the step begins for the trainee,
 * unless it is in view whole already (docs/workbench.md, "Walkthroughs"): the trainee pressed Start, Next or Back in
 * the walkthrough panel, or an action of the trainee's own hand ticked the step before. A step index follows the lab,
 * so a change the trainee did not make by hand (Play, Next step, a run of the clock, undo, redo, reset, time travel)
 * never moves the canvas: scrolling on every step change moved the band's toggle away from whoever pressed Play.
 * The target is held in view while the canvas's heights settle, until the trainee scrolls or the step changes
 * ({@link TopologyView#holdInView}).
 */
final class StepReveal {

    private final WalkthroughViewModel wvm;
    private final WorkbenchViewModel vm;
    private final TopologyView topology;
    /** Start was pressed and reset or opens the lab: step 1 begins when that lands. */
    private boolean startPending;
    /** The walkthrough whose steps the index counted last. */
    private @Nullable Walkthrough judged;

    StepReveal(WalkthroughViewModel wvm, WorkbenchViewModel vm, TopologyView topology) {
        this.wvm = wvm;
        this.vm = vm;
        this.topology = topology;
        judged = wvm.selectedProperty().get();
        wvm.stepIndexProperty().addListener((o, a, b) -> {
            // another walkthrough picked is judged against the lab as it is: no step of it began by anyone's hand
            boolean same = wvm.selectedProperty().get() == judged;
            if (same && b.intValue() > a.intValue() && vm.history().lastChangeByHand()) {
                later(b.intValue());
            } else {
                // the step the target was held for is over, and no step began by the trainee's hand
                topology.release();
            }
        });
        // after the view-model's own listener, which judges the walkthrough picked (and moves the index above)
        wvm.selectedProperty().addListener((o, a, b) -> {
            judged = b;
            topology.release();
        });
        vm.history().versionsProperty().addListener((o, a, b) -> {
            // the reset or the opened lab Start asked for: the lab as built, nothing since (a reset refused while a
            // past version is shown leaves it pending, and the next Play must not take its place)
            if (startPending && b.size() == 1) {
                startPending = false;
                // the walkthrough's progress is judged from the new versions by another listener: read it after
                Platform.runLater(() -> show(wvm.stepIndexProperty().get()));
            }
        });
    }

    /**
     * Start was pressed: {@code labChanges} when it resets or opens the lab (step 1 begins once that is done),
     * otherwise step 1 begins on the lab as it is.
     */
    void started(boolean labChanges) {
        startPending = labChanges;
        if (!labChanges) {
            later(wvm.stepIndexProperty().get());
        }
    }

    /** Back or Next showed another step's text: that step begins for the trainee. */
    void viewed() {
        later(wvm.viewedProperty().get());
    }

    /** After the band a step opens and the canvas of the new lab are drawn. */
    private void later(int step) {
        Platform.runLater(() -> show(step));
    }

    private void show(int step) {
        Walkthrough w = wvm.selectedProperty().get();
        StepTarget t = w == null || !wvm.onItsLabProperty().get() ? null : StepTarget.of(w, step, topology::draws);
        if (t == null) {
            topology.release();
        } else {
            // held, not only scrolled to: what the step's action changes (a lane grown, the band opened, the
            // pending bar shown) lands after this, and moved the target a few pixels out of view (docs/workbench.md)
            topology.holdInView(t.topId(), t.bottomId());
        }
    }
}
