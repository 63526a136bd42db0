package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * The main window: menus and lab toolbar on top, pod palette left, topology canvas with the events
 * table in the centre, inspector + trace and walkthroughs right, status bar at the bottom.
 */
public final class WorkbenchView extends BorderPane {

    private final WorkbenchViewModel vm;
    private final WalkthroughViewModel walkthroughs;
    private final WorkbenchActions actions;
    private TopologyView topology;

    public WorkbenchView(WorkbenchViewModel vm, WalkthroughViewModel walkthroughs, List<String> scenarios) {
        this.vm = vm;
        this.walkthroughs = walkthroughs;
        this.actions = new WorkbenchActions(vm, () -> topology.snapshotTarget(), () -> this);
        getStyleClass().add("workbench");
        setId("workbench");
        layoutParts(scenarios);
        setupValueChangedListeners();
    }

    private void layoutParts(List<String> scenarios) {
        topology = new TopologyView(vm);
        setTop(new VBox(new MenuBarView(vm, actions, walkthroughs, scenarios, this::startWalkthrough),
                new ToolbarView(vm, actions)));
        ScrollPane palette = new ScrollPane(new PaletteView());
        palette.setFitToWidth(true);
        palette.getStyleClass().add("side-scroll");
        palette.setPrefWidth(226);
        setLeft(palette);
        SplitPane center = new SplitPane(topology, new EventsView(vm));
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.8);
        setCenter(center);
        SplitPane inspect = new SplitPane(new InspectorView(vm), new TraceView(vm));
        inspect.setOrientation(Orientation.VERTICAL);
        inspect.setDividerPositions(0.5);
        ScrollPane guide = new ScrollPane(new WalkthroughView(walkthroughs, vm));
        guide.setFitToWidth(true);
        guide.getStyleClass().add("side-scroll");
        TabPane right = new TabPane(new Tab("Inspector", inspect), new Tab("Walkthrough", guide));
        right.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        right.setPrefWidth(360);
        right.setId("side-tabs");
        setRight(right);
        setBottom(new StatusBarView(vm));
    }

    private void setupValueChangedListeners() {
        vm.versionsProperty().addListener((o, a, v) -> walkthroughs.update(v));
        walkthroughs.update(vm.versionsProperty().get());
    }

    public WorkbenchActions actions() {
        return actions;
    }

    /** The drawn topology (for canvas exports). */
    public Node canvas() {
        return topology.snapshotTarget();
    }

    /** Shows {@code w} in the Walkthrough tab and starts it (see {@link WalkthroughView#start}). */
    public void startWalkthrough(io.gpulab.app.gui.walkthrough.Walkthrough w) {
        showTab("Walkthrough");
        WalkthroughView.start(walkthroughs, vm, w);
    }

    /** Selects the side tab with this title. */
    public void showTab(String title) {
        TabPane tabs = (TabPane) getRight();
        tabs.getTabs().stream().filter(t -> t.getText().equals(title)).findFirst()
                .ifPresent(t -> tabs.getSelectionModel().select(t));
    }
}
