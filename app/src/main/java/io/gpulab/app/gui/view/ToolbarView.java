package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.scenario.LabDesign;
import java.time.Duration;
import java.util.List;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.Skin;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * Backend indicator, virtual clock controls, lifecycle mode and the common lab actions. A JavaFX
 * {@link ToolBar}: on a window too narrow for all of them (1024 px) the last ones move to its overflow
 * menu (») instead of off the window's edge, also when an item grows ({@link RefittingToolBarSkin}).
 */
public final class ToolbarView extends ToolBar {

    /** Play advances the virtual clock by this much every half second (30x real time). */
    static final Duration PLAY_TICK = Duration.ofSeconds(15);

    private final WorkbenchViewModel vm;
    private final WorkbenchActions actions;
    private final Label backend = new Label();
    private final Label scenario = new Label();
    /** "edited", beside the name and never cut: the name gives way on a narrow window, the mark does not. */
    private final Label edited = new Label("edited");
    private final Label clock = new Label();
    private final ToggleButton play = new ToggleButton("▶ Run");
    private final Button playScenario = new Button("▶ Play scenario");
    private final Button nextStep = new Button("Next step");
    private final ToggleButton complete = new ToggleButton("complete");
    private final ToggleButton article = new ToggleButton("article");
    private final Button redo = new Button("Redo");
    /** True while no worker holds HAMi's node lock: Unlock node has nothing to do. */
    private final javafx.beans.property.BooleanProperty noLock = new javafx.beans.property.SimpleBooleanProperty(true);
    private final Timeline ticker = new Timeline(new KeyFrame(javafx.util.Duration.millis(500), e -> tick()));

    public ToolbarView(WorkbenchViewModel vm, WorkbenchActions actions) {
        this.vm = vm;
        this.actions = actions;
        getStyleClass().add("lab-toolbar");
        layoutParts();
        setupBindings();
        setupValueChangedListeners();
        render(vm.snapshot());
    }

    private void layoutParts() {
        backend.getStyleClass().add("backend-badge");
        backend.setId("backend");
        scenario.getStyleClass().add("scenario-name");
        clock.getStyleClass().add("clock");
        clock.setId("clock");
        playScenario.setId("play-scenario");
        playScenario.getStyleClass().add("accent");
        playScenario.setOnAction(e -> vm.playback().playScenarioSteps());
        playScenario.setTooltip(new Tooltip("Play the scenario's steps on this lab (Ctrl+Enter)"));
        nextStep.setId("next-step");
        nextStep.setOnAction(e -> vm.playback().playNextScenarioStep());
        nextStep.setTooltip(new Tooltip("Play only the scenario's next step"));
        play.setId("clock-run");
        Label clockCaption = new Label("Clock");
        clockCaption.getStyleClass().add("caption");
        Button step = button("Step 30s", "Advance the virtual clock by 30 seconds (F6)",
                () -> vm.advance(Duration.ofSeconds(30)));
        Button five = button("+5 min", "Advance 5 minutes: node locks expire (F7)",
                () -> vm.advance(Duration.ofMinutes(5)));
        five.setId("advance-5m");
        step.setId("step-30s");
        play.setTooltip(new Tooltip("Run the virtual clock at 30x real time (F5); the scenario's steps are not "
                + "played by the clock"));
        ToggleGroup mode = new ToggleGroup();
        complete.setToggleGroup(mode);
        article.setToggleGroup(mode);
        complete.setId("lifecycle-complete");
        article.setId("lifecycle-article");
        complete.getStyleClass().addAll("segmented", "left");
        article.getStyleClass().addAll("segmented", "right");
        complete.setTooltip(new Tooltip("Device plugin completes each allocation and releases the node lock"));
        article.setTooltip(new Tooltip("The article's mock: the lock stays until removed or expired (5 min)"));
        // re-render right away: clicking the selected toggle would otherwise leave both unselected
        complete.setOnAction(e -> {
            actions.lifecycle("complete");
            render(vm.snapshot());
        });
        article.setOnAction(e -> {
            actions.lifecycle("article");
            render(vm.snapshot());
        });
        Label lifecycle = new Label("Device plugin");
        lifecycle.getStyleClass().add("caption");
        Button unlock = button("Unlock node", "Remove the node lock of the selected (or the locked) worker (Ctrl+U)",
                actions::unlock);
        unlock.setId("unlock");
        unlock.disableProperty().bind(noLock);
        Button undo = button("Undo", "Take back the last action (Ctrl+Z)", vm.history()::undo);
        undo.disableProperty().bind(vm.history().canUndoProperty().not());
        undo.setId("undo");
        redo.setOnAction(e -> vm.history().redo());
        redo.disableProperty().bind(vm.history().canRedoProperty().not());
        redo.setId("redo");
        redo.setTooltip(new Tooltip("Play the undone action again (Ctrl+Shift+Z)"));
        Button reset = button("Reset", "Back to the scenario's initial lab (Ctrl+Shift+R)", vm::reset);
        reset.setId("reset");
        if (!vm.simulated()) {
            // a real cluster has no virtual clock, no plugin mode to pick and no initial state to return to
            for (javafx.scene.Node simOnly : List.of(play, step, five, complete, article, reset, playScenario,
                    nextStep)) {
                simOnly.setDisable(true);
            }
            lifecycle.setDisable(true);
        }
        scenario.setMinWidth(0);
        edited.setId("scenario-edited");
        edited.getStyleClass().add("edited-badge");
        edited.setMinWidth(Region.USE_PREF_SIZE);
        edited.managedProperty().bind(edited.visibleProperty());
        edited.setVisible(false);
        edited.setTooltip(new Tooltip());
        HBox name = new HBox(4, scenario, edited);
        name.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        name.setMinWidth(Region.USE_COMPUTED_SIZE);
        // a caption and the control it names are one item: they go to the overflow menu together (the "Device plugin"
        // caption stayed on the bar alone when its toggles had moved)
        HBox lifecycleGroup = captioned(lifecycle, new HBox(0, complete, article));
        lifecycleGroup.setId("lifecycle-group");
        getItems().addAll(backend, name, playScenario, nextStep, sep(), captioned(clockCaption, play), step, five, clock,
                sep(), lifecycleGroup, sep(), unlock, undo, redo, reset);
        // buttons keep their labels; what does not fit goes to the overflow menu
        for (javafx.scene.Node n : List.of(playScenario, nextStep, play, step, five, clock, lifecycle, complete, article,
                unlock, undo, redo, reset, clockCaption, backend)) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        }
    }

    private static HBox captioned(Label caption, javafx.scene.Node control) {
        HBox box = new HBox(6, caption, control);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    /** Sorts the items between bar and overflow menu again whenever their widths change. */
    @Override
    protected Skin<?> createDefaultSkin() {
        return new RefittingToolBarSkin(this);
    }

    /**
     * Sorts the items between bar and overflow menu again once their type changed size (presentation mode): JavaFX's
     * ToolBar did not, which left Undo and Redo past the edge.
     */
    public void refit() {
        if (getSkin() instanceof RefittingToolBarSkin skin) {
            skin.startOver();
        }
        requestLayout();
    }

    private void setupBindings() {
        play.selectedProperty().bindBidirectional(vm.playingProperty());
    }

    private void setupValueChangedListeners() {
        vm.snapshotProperty().addListener((o, a, s) -> render(s));
        // the scenario-step buttons read the history, which is recorded after the snapshot arrives
        vm.history().versionsProperty().addListener((o, a, v) -> render(vm.snapshot()));
        vm.playingProperty().addListener((o, a, on) -> {
            play.setText(on ? "❚❚ Pause" : "▶ Run");
            if (on) {
                ticker.setCycleCount(Timeline.INDEFINITE);
                ticker.play();
            } else {
                ticker.stop();
            }
        });
    }

    private void tick() {
        vm.tick(PLAY_TICK);
    }

    private void render(LabSnapshot s) {
        if (getSkin() instanceof RefittingToolBarSkin skin) {
            skin.startOver(); // the texts below may change the items' widths
        }
        backend.setText(s.backend().toUpperCase());
        // an edited lab's name is its scenario's with "(edited)": the mark is a badge of its own, so a narrow window
        // abbreviates the name (its whole text a hover away) and never the mark (at 1024 px it read "article (…")
        String mark = LabDesign.editedName("");
        boolean isEdited = s.scenario().endsWith(mark);
        scenario.setText(isEdited ? s.scenario().substring(0, s.scenario().length() - mark.length()) : s.scenario());
        if (scenario.getTooltip() == null) {
            scenario.setTooltip(new Tooltip());
        }
        scenario.getTooltip().setText("Scenario: " + s.scenario());
        edited.setVisible(isEdited);
        edited.getTooltip().setText(isEdited ? "Scenario: " + s.scenario() + ", changed in the lab editor (Design tab);"
                + " its report, caption and saved file name it so" : "");
        // the time of day is what changes; the date is on hover
        clock.setText(Formats.time(s.now()));
        // one tooltip, its text updated: a new one per lab change was a popup control built every frame
        if (clock.getTooltip() == null) {
            clock.setTooltip(new Tooltip());
        }
        clock.getTooltip().setText("Lab clock: " + Formats.clock(s.now()));
        complete.setSelected("complete".equals(s.lifecycle()));
        article.setSelected("article".equals(s.lifecycle()));
        int total = vm.playback().scenarioStepCount();
        int done = vm.playback().scenarioStepsPlayed();
        playScenario.setDisable(!vm.simulated() || total == 0 || done == total);
        playScenario.setText(done == total && total > 0 ? "✓ Scenario played" : "▶ Play scenario");
        nextStep.setDisable(!vm.simulated() || total == 0 || done == total);
        // the counter is the history's: the steps played since the last reset, whatever else was done between
        nextStep.setText(total == 0 ? "Next step" : done == total ? (total == 1 ? "The 1 step played"
                : "All " + total + " steps played")
                : "Next step " + (done + 1) + "/" + total);
        nextStep.getTooltip().setText(vm.playback().nextStep().map(p -> "Play step " + p.number() + " of " + total
                + ": " + p.title()).orElse("Every step of the scenario is played; Reset to start over"));
        noLock.set(s.tenants().stream().flatMap(t -> t.nodes().stream())
                .noneMatch(n -> n.lock() != null && n.lock().held()));
        redo.getTooltip().setText(vm.history().nextRedo() == null ? "Nothing to redo"
                : "Redo: " + vm.history().nextRedo() + " (Ctrl+Shift+Z)");
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    private static Separator sep() {
        Separator s = new Separator(javafx.geometry.Orientation.VERTICAL);
        s.getStyleClass().add("toolbar-sep");
        return s;
    }
}
