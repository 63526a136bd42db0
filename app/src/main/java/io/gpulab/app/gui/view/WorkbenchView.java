package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.css.PseudoClass;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The main window: menus and lab toolbar on top, pod palette left, topology canvas with the events
 * table in the centre, inspector + trace and walkthroughs right, status bar at the bottom.
 */
public final class WorkbenchView extends BorderPane {

    private final WorkbenchViewModel vm;
    private final WalkthroughViewModel walkthroughs;
    private final WorkbenchActions actions;
    /** Below this window width the palette and the side panel narrow. */
    static final double NARROW = 1500;
    /** Below this window height the events drawer and management band start closed. */
    static final double SHORT = 900;
    static final double PALETTE_WIDE = 226;
    static final double PALETTE_NARROW = 192;
    static final double SIDE_WIDE = 360;
    static final double SIDE_NARROW = 290;
    /**
     * Presentation mode lays the window out at most this large and magnifies it to the screen: a 1920x1080
     * projector shows the 1280x720 layout half as large again (type 15 px drawn at 22.5 px); 1280x720 and
     * 1024x768 are shown as they are laid out (docs/workbench.md, "Layout").
     */
    static final double PRESENTED_WIDTH = 1280;
    static final double PRESENTED_HEIGHT = 720;
    /** The inspector's share of the side panel's height, above the trace. */
    static final double INSPECTOR_SHARE = 0.42;
    /** At most this share goes to the inspector so that a pending pod's reason reads whole (the trace keeps the rest). */
    static final double WHY_SHARE_MAX = 0.72;
    private TopologyView topology;
    /** Where the divider was before a pending pod's reason took more room, and where it was then put (else NaN). */
    private double whyFrom = Double.NaN;
    private double whyAt = Double.NaN;
    private StepReveal reveal;
    private ToolbarView toolbar;
    private CanvasPane canvas;
    private ScrollPane palette;
    private EventsDrawer events;
    private SplitPane inspect;
    private TabPane right;
    private boolean userSized;
    private boolean fitting;
    private boolean presentation;
    /** Presentation mode's type in the menus, tooltips and dialogs opened over this window. */
    private final PresentedPopups popups = new PresentedPopups(() -> getScene() == null ? null : getScene().getWindow(),
            () -> presentation ? PresentedPopups.TYPE * zoom() : 0);
    private boolean fullScreenWatched;
    /** Presentation mode's magnification of the whole window (absent: 1). */
    private final javafx.scene.transform.Scale zoom = new javafx.scene.transform.Scale(1, 1, 0, 0);
    /** Where the window was before presentation mode took the screen. */
    private javafx.geometry.@org.jspecify.annotations.Nullable Rectangle2D windowed;

    public WorkbenchView(WorkbenchViewModel vm, WalkthroughViewModel walkthroughs, List<String> scenarios) {
        this.vm = vm;
        this.walkthroughs = walkthroughs;
        this.actions = new WorkbenchActions(vm, () -> topology, () -> this, () -> inspect);
        getStyleClass().add("workbench");
        setId("workbench");
        layoutParts(scenarios);
        setupValueChangedListeners();
        // once the user opens or closes a drawer, window size no longer decides for them
        events.openProperty().addListener((o, a, b) -> userSized |= !fitting);
        topology.managementOpenProperty().addListener((o, a, b) -> userSized |= !fitting);
    }

    private void layoutParts(List<String> scenarios) {
        canvas = new CanvasPane(vm);
        topology = canvas.topology();
        toolbar = new ToolbarView(vm, actions);
        setTop(new VBox(new MenuBarView(vm, actions, walkthroughs, scenarios, this::startWalkthrough,
                this::togglePresentation),
                toolbar));
        palette = new ScrollPane(new PaletteView());
        palette.setFitToWidth(true);
        palette.getStyleClass().add("side-scroll");
        palette.setPrefWidth(PALETTE_WIDE);
        palette.setId("palette-scroll");
        setLeft(palette);
        events = new EventsDrawer(vm);
        VBox.setVgrow(canvas, Priority.ALWAYS);
        canvas.setMinHeight(0);
        VBox center = new VBox(canvas, events);
        center.setMinWidth(0);
        setCenter(center);
        InspectorView inspector = new InspectorView(vm);
        inspect = new SplitPane(inspector, new TraceView(vm));
        inspect.setOrientation(Orientation.VERTICAL);
        inspect.setDividerPositions(INSPECTOR_SHARE);
        inspector.whyHeightProperty().addListener((o, a, h) -> keepWhyInView(inspector, h.doubleValue()));
        // the walkthrough scrolls its steps itself, under its picker and Back / Next
        reveal = new StepReveal(walkthroughs, vm, topology);
        WalkthroughView guide = new WalkthroughView(walkthroughs, vm, reveal);
        LabEditorView editor = new LabEditorView(vm);
        ScrollPane design = new ScrollPane(editor);
        design.setFitToWidth(true);
        design.getStyleClass().add("side-scroll");
        Tab designTab = new Tab("Design", design);
        editor.shownProperty().bind(designTab.selectedProperty());
        right = new TabPane(new Tab("Inspector", inspect), new Tab("Walkthrough", guide), designTab);
        right.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        right.setPrefWidth(SIDE_WIDE);
        right.setId("side-tabs");
        setRight(right);
        setBottom(new StatusBarView(vm));
        sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                scene.widthProperty().addListener((x, y, w) -> fit(scene.getWidth(), scene.getHeight()));
                scene.heightProperty().addListener((x, y, h) -> fit(scene.getWidth(), scene.getHeight()));
                fit(scene.getWidth(), scene.getHeight());
            }
        });
    }

    /**
     * A pending pod's "Why it does not run" reads whole without scrolling: the inspector grows over the trace as far as
     * the sentence, its fix and its reference need (at most {@link #WHY_SHARE_MAX}); once another object is selected
     * the divider goes back where it was, unless the user has moved it since.
     */
    private void keepWhyInView(InspectorView inspector, double need) {
        double total = inspect.getHeight();
        // not while a slide has lent the panels (no divider then)
        if (total <= 0 || !inspect.getItems().contains(inspector) || inspect.getDividerPositions().length == 0) {
            return;
        }
        double now = inspect.getDividerPositions()[0];
        if (need <= 0) {
            if (!Double.isNaN(whyFrom) && Math.abs(now - whyAt) < 0.005) {
                inspect.setDividerPositions(whyFrom);
            }
            whyFrom = Double.NaN;
            return;
        }
        if (need > inspector.getHeight() + 0.5) {
            double divider = inspect.lookup(".split-pane-divider") instanceof javafx.scene.layout.Region d
                    ? d.getHeight() : 0;
            double share = Math.min(WHY_SHARE_MAX, (need + divider / 2) / total);
            if (share > now) {
                if (Double.isNaN(whyFrom)) {
                    whyFrom = now;
                }
                whyAt = share;
                inspect.setDividerPositions(share);
            }
        }
    }

    /**
     * Fits the chrome to the window: narrower side panels below {@link #NARROW} px wide; on short windows
     * the events drawer and the management band start closed (until the user opens them) so the canvas
     * keeps its height.
     */
    private void fit(double sceneWidth, double sceneHeight) {
        fitting = true;
        magnify(presentation ? zoomFor(sceneWidth, sceneHeight) : 1);
        double width = sceneWidth / zoom.getX();
        double height = sceneHeight / zoom.getY();
        boolean narrow = width < NARROW;
        boolean small = height < SHORT;
        pseudoClassStateChanged(PseudoClass.getPseudoClass("narrow"), narrow);
        pseudoClassStateChanged(PseudoClass.getPseudoClass("short"), small);
        palette.setPrefWidth(narrow ? PALETTE_NARROW : PALETTE_WIDE);
        right.setPrefWidth(narrow ? SIDE_NARROW : SIDE_WIDE);
        if (!userSized) {
            events.openProperty().set(!small && !presentation);
            topology.managementOpenProperty().set(!small && !presentation);
        }
        fitting = false;
    }

    /**
     * Presentation mode's magnification on a {@code width × height} window: the layout of a window
     * {@link #PRESENTED_WIDTH} × {@link #PRESENTED_HEIGHT} (or of the window itself, when it is smaller), drawn as
     * large as the window allows; never smaller than laid out.
     */
    public static double zoomFor(double width, double height) {
        return Math.max(1, Math.min(width / PRESENTED_WIDTH, height / PRESENTED_HEIGHT));
    }

    /** The magnification the window is drawn at: 1 but in presentation mode on a screen past 1280x720. */
    public double zoom() {
        return zoom.getX();
    }

    private void magnify(double z) {
        if (z == zoom.getX()) {
            return;
        }
        zoom.setX(z);
        zoom.setY(z);
        if (z == 1) {
            getTransforms().remove(zoom);
        } else if (!getTransforms().contains(zoom)) {
            getTransforms().add(zoom);
        }
        if (getScene() != null && getScene().getRoot() == this) {
            resize(getScene().getWidth(), getScene().getHeight());
        }
    }

    /**
     * Sized {@code width × height} on screen: laid out that size divided by the magnification, which the zoom then
     * draws at that size (the scene sizes its root with this).
     */
    @Override
    public void resize(double width, double height) {
        super.resize(width / zoom.getX(), height / zoom.getY());
    }

    /**
     * Presentation mode for projectors: larger type, no palette hints, first-minute strip or shortcut line,
     * events and the management band closed. Toggled from View; the lab itself is unchanged.
     */
    public void setPresentation(boolean on) {
        presentation = on;
        getStyleClass().remove("presentation");
        if (on) {
            getStyleClass().add("presentation");
        }
        canvas.setPresenting(on);
        if (on) {
            popups.watch();
        }
        userSized = false;
        if (getScene() != null) {
            fit(getScene().getWidth(), getScene().getHeight());
        }
        openWhatTheWalkthroughReads();
        toolbar.refit();
    }

    /**
     * View → Presentation mode: the styling of {@link #setPresentation} on the whole screen. Full screen
     * where a window manager grants it; without one (a kiosk, Xvfb) the request changes nothing, so the
     * window also takes the screen's bounds itself. Esc, or the window manager leaving full screen, ends
     * presentation mode and puts the window back where it was.
     */
    public void togglePresentation() {
        boolean on = !presentation;
        setPresentation(on);
        if (getScene() == null || !(getScene().getWindow() instanceof javafx.stage.Stage stage)) {
            return;
        }
        if (!fullScreenWatched) {
            fullScreenWatched = true;
            stage.fullScreenProperty().addListener((o, was, full) -> {
                if (was && !full && presentation) {
                    togglePresentation();
                }
            });
            // a filter: JavaFX's full-screen exit key is off (below), and a focused control may consume Esc itself
            getScene().addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
                if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && presentation && !popups.menuJustClosed()) {
                    togglePresentation();
                    e.consume();
                }
            });
        }
        if (on) {
            windowed = new javafx.geometry.Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(),
                    stage.getHeight());
            var screens = javafx.stage.Screen.getScreensForRectangle(windowed);
            var whole = (screens.isEmpty() ? javafx.stage.Screen.getPrimary() : screens.get(0)).getBounds();
            stage.setFullScreenExitHint("Presentation mode: Esc or Ctrl+Shift+F leaves it");
            // Esc is this window's own handler above: JavaFX's exit key also fired on the Esc that closed a menu
            stage.setFullScreenExitKeyCombination(javafx.scene.input.KeyCombination.NO_MATCH);
            stage.setFullScreen(true);
            stage.setX(whole.getMinX());
            stage.setY(whole.getMinY());
            stage.setWidth(whole.getWidth());
            stage.setHeight(whole.getHeight());
        } else {
            stage.setFullScreen(false);
            if (windowed != null) {
                stage.setX(windowed.getMinX());
                stage.setY(windowed.getMinY());
                stage.setWidth(windowed.getWidth());
                stage.setHeight(windowed.getHeight());
                windowed = null;
            }
        }
    }

    public boolean presentation() {
        return presentation;
    }

    /** The centre canvas with its pinned pending summary. */
    public CanvasPane canvasPane() {
        return canvas;
    }

    private void setupValueChangedListeners() {
        vm.history().versionsProperty().addListener((o, a, v) -> walkthroughs.update(v));
        walkthroughs.update(vm.history().versionsProperty().get());
        // what a step says will be read there is on screen when the step begins, folded or not by the window's size
        walkthroughs.stepIndexProperty().addListener((o, a, b) -> openWhatTheWalkthroughReads());
        walkthroughs.onItsLabProperty().addListener((o, a, b) -> openWhatTheWalkthroughReads());
        walkthroughs.selectedProperty().addListener((o, a, b) -> openWhatTheWalkthroughReads());
    }

    /** Opens the parts the walkthrough worked on reads from ({@link Walkthrough#opens}); the lab is not touched. */
    private void openWhatTheWalkthroughReads() {
        Walkthrough w = walkthroughs.selectedProperty().get();
        if (w != null && walkthroughs.onItsLabProperty().get() && !walkthroughs.finishedProperty().get()
                && w.opens().contains(Walkthrough.MANAGEMENT_BAND)) {
            topology.managementOpenProperty().set(true);
        }
    }

    public WorkbenchActions actions() {
        return actions;
    }

    /** The drawn topology (for canvas exports). */
    public Node canvas() {
        return topology.snapshotTarget();
    }

    /** Shows {@code w} in the Walkthrough tab and starts it (see {@link WalkthroughView#start}). */
    public void startWalkthrough(Walkthrough w) {
        showTab("Walkthrough");
        boolean labChanges = WalkthroughView.start(walkthroughs, vm, w);
        openWhatTheWalkthroughReads();
        reveal.started(labChanges);
    }

    /** Selects the side tab with this title. */
    public void showTab(String title) {
        TabPane tabs = (TabPane) getRight();
        tabs.getTabs().stream().filter(t -> t.getText().equals(title)).findFirst()
                .ifPresent(t -> tabs.getSelectionModel().select(t));
    }
}
