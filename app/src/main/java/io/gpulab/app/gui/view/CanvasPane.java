package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The centre: the pinned pending summary over the scrolling topology canvas. */
public final class CanvasPane extends VBox {

    private final TopologyView topology;
    /** Presentation mode: the first-minute strip speaks to the one at the keyboard, not to the room. */
    private final BooleanProperty presenting = new SimpleBooleanProperty();

    public CanvasPane(WorkbenchViewModel vm) {
        getStyleClass().add("canvas-pane");
        setId("canvas");
        topology = new TopologyView(vm);
        VBox.setVgrow(topology, Priority.ALWAYS);
        getChildren().addAll(new PendingSummary(vm, topology::reveal), welcome(vm, presenting), topology,
                new TimelineBar(vm));
    }

    /** The first-minute hint: shown on an untouched lab whose scenario has steps to play. */
    private static Label welcome(WorkbenchViewModel vm, ObservableBooleanValue presenting) {
        // wrapped, not cut: on a 1280 px window the sentence needs two lines
        WordWrapLabel l = new WordWrapLabel("", "hint-strip");
        l.setId("welcome");
        l.setMaxWidth(Double.MAX_VALUE);
        // its lines, not one line cut, when the canvas below is short of height
        l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        Runnable update = () -> {
            int n = vm.playback().scenarioStepCount();
            boolean show = vm.simulated() && n > 0 && vm.history().timeline().isEmpty() && !presenting.get();
            l.setFullText("The " + vm.snapshot().scenario() + " lab, ready to play: press ▶ Play scenario to run its " + n
                    + " step" + (n == 1 ? "" : "s") + " (or Next step for one at a time), or drag a pod from the "
                    + "palette onto a tenant.");
            l.setVisible(show);
            l.setManaged(show);
        };
        vm.history().versionsProperty().addListener((o, a, b) -> update.run());
        presenting.addListener((o, a, b) -> update.run());
        update.run();
        return l;
    }

    /** Presentation mode on or off: hides and shows again the first-minute strip. */
    public void setPresenting(boolean on) {
        presenting.set(on);
    }

    public TopologyView topology() {
        return topology;
    }

    /** Adds a strip under the canvas (the timeline). */
    public void addBelow(Node strip) {
        getChildren().add(strip);
    }
}
