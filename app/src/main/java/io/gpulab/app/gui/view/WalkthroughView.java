package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.InspectorModel;
import io.gpulab.app.gui.vm.InspectorRow;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import io.gpulab.engine.api.LabSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.jspecify.annotations.Nullable;

/**
 * The walkthrough panel: pick a training, follow its steps; each step ticks off when its check holds. The step worked
 * on shows what holds now (each statement only while it is true of the lab), what to do and what will then be seen;
 * Back and Next move through the steps' text without touching the lab; the step shown is scrolled into view.
 */
public final class WalkthroughView extends VBox {

    private final WalkthroughViewModel wvm;
    private final WorkbenchViewModel vm;
    private final ComboBox<Walkthrough> picker = new ComboBox<>();
    private final Button start = new Button("Start");
    private final Button back = new Button("‹ Back");
    private final Button next = new Button("Next ›");
    private final VBox steps = new VBox(6);
    private final Label title = new Label();
    private final Label summary = new Label();
    private final Label progress = new Label();
    /** Start, the progress when it has room beside them, Back and Next. */
    private final HBox browse = new HBox(6);
    /** Takes the progress's place in {@link #browse} while the progress reads on its own line under it. */
    private final Region gap = new Region();
    /** The steps scroll under the picker and the Back / Next row, which stay in view. */
    private final ScrollPane scroll = new ScrollPane();
    /** Keeps the step shown in the panel's view. */
    private final ShownStepScroll follow;
    /** Brings what a step points at into the canvas's view when Start, Back or Next begins it. */
    private final StepReveal reveal;
    /** What the steps show now (see {@link #render}), or null when nothing is shown. */
    private @Nullable List<Object> shown;

    WalkthroughView(WalkthroughViewModel wvm, WorkbenchViewModel vm, StepReveal reveal) {
        super(10);
        this.wvm = wvm;
        this.vm = vm;
        this.reveal = reveal;
        this.follow = new ShownStepScroll(scroll, steps, wvm);
        getStyleClass().add("walkthrough");
        setId("walkthrough");
        initializeParts();
        layoutParts();
        setupEventHandlers();
        setupValueChangedListeners();
        render();
    }

    /**
     * Starts (or restarts) {@code w}: on its own scenario the lab is reset (Undo takes that back) unless it is
     * as opened already, otherwise its scenario is opened (which asks first when actions would be lost). Either way
     * the status line says what happened and which step comes first. Returns whether the lab is to change (reset or
     * opened), false when the walkthrough starts on the lab as it is (or the user kept it).
     */
    public static boolean start(WalkthroughViewModel wvm, WorkbenchViewModel vm, Walkthrough w) {
        wvm.select(w);
        String first = "step 1: " + w.steps().get(0).title();
        if (w.scenario().equals(vm.snapshot().scenario())) {
            if (!vm.history().commands().isEmpty()) {
                vm.reset("Started “" + w.title() + "”: the lab is reset (Undo brings it back); " + first);
                return true;
            }
            vm.info("Started “" + w.title() + "” on the " + w.scenario() + " lab as opened; " + first);
        } else if (vm.files().open(w.scenario())) {
            vm.info("Starting “" + w.title() + "”: opening the " + w.scenario() + " lab; " + first);
            return true;
        }
        return false;
    }

    private void initializeParts() {
        picker.getItems().setAll(wvm.available());
        picker.setConverter(new StringConverter<>() {
            @Override
            public String toString(Walkthrough w) {
                return w == null ? "" : w.title();
            }

            @Override
            public Walkthrough fromString(String s) {
                return null;
            }
        });
        picker.setId("walkthrough-picker");
        // a title too long for the panel reads whole on hover
        picker.setButtonCell(new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Walkthrough w, boolean empty) {
                super.updateItem(w, empty);
                setText(empty || w == null ? "" : w.title());
                setTooltip(empty || w == null ? null : new Tooltip(w.title()));
            }
        });
        picker.setMaxWidth(Double.MAX_VALUE);
        start.setId("walkthrough-start");
        start.getStyleClass().add("accent");
        start.setMinWidth(Region.USE_PREF_SIZE);
        back.setId("walkthrough-back");
        next.setId("walkthrough-next");
        back.setTooltip(new Tooltip("Show the previous step's text (the lab is not touched)"));
        next.setTooltip(new Tooltip("Show the next step's text (the lab is not touched)"));
        back.setMinWidth(Region.USE_PREF_SIZE);
        next.setMinWidth(Region.USE_PREF_SIZE);
        title.getStyleClass().add("walkthrough-title");
        title.setId("walkthrough-title");
        title.setWrapText(true);
        summary.setWrapText(true);
        summary.getStyleClass().add("muted");
        summary.setId("walkthrough-summary");
        progress.getStyleClass().add("section-title");
        progress.setId("walkthrough-progress");
        progress.setWrapText(true);
    }

    private void layoutParts() {
        HBox.setHgrow(picker, Priority.ALWAYS);
        // the picker has its row: beside Start a title was cut in presentation mode's larger type
        HBox top = new HBox(6, picker);
        top.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(progress, Priority.ALWAYS);
        HBox.setHgrow(gap, Priority.ALWAYS);
        progress.setMaxWidth(Double.MAX_VALUE);
        browse.getChildren().addAll(start, progress, back, next);
        browse.setAlignment(Pos.CENTER_LEFT);
        VBox body = new VBox(10, title, summary, steps);
        body.getStyleClass().add("walkthrough-body");
        scroll.setContent(body);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("side-scroll");
        scroll.setId("walkthrough-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(top, browse, scroll);
    }

    private void setupEventHandlers() {
        start.setOnAction(e -> {
            Walkthrough w = wvm.selectedProperty().get();
            if (w != null) {
                reveal.started(start(wvm, vm, w));
            }
        });
        back.setOnAction(e -> {
            wvm.back();
            reveal.viewed();
        });
        next.setOnAction(e -> {
            wvm.next();
            reveal.viewed();
        });
    }

    private void setupValueChangedListeners() {
        // one source of truth: the picker shows and sets the view-model's walkthrough
        picker.valueProperty().bindBidirectional(wvm.selectedProperty());
        wvm.selectedProperty().addListener((o, a, b) -> {
            follow.forget();
            render();
        });
        wvm.stepIndexProperty().addListener((o, a, b) -> render());
        wvm.onItsLabProperty().addListener((o, a, b) -> render());
        wvm.viewedProperty().addListener((o, a, b) -> render());
        // statements about the lab are shown only while true: judged again whenever the lab changes
        vm.snapshotProperty().addListener((o, a, b) -> render());
        vm.selectionProperty().addListener((o, a, b) -> render());
    }

    @Override
    protected void layoutChildren() {
        placeProgress();
        super.layoutChildren();
    }

    /**
     * The progress reads on one line: beside Start, Back and Next while they leave it the room, else on its own line
     * under them (presentation mode's type at 1024x768 wrapped it beside them as "Step / 1 of / 8", or cut it "St…").
     */
    private void placeProgress() {
        double room = getWidth() - snappedLeftInset() - snappedRightInset() - browse.snappedLeftInset()
                - browse.snappedRightInset();
        double need = start.prefWidth(-1) + progress.prefWidth(-1) + back.prefWidth(-1) + next.prefWidth(-1)
                + 3 * browse.getSpacing();
        boolean beside = room <= 0 || need <= room;
        if (beside == browse.getChildren().contains(progress)) {
            return;
        }
        getChildren().remove(progress);
        browse.getChildren().remove(beside ? gap : progress);
        browse.getChildren().add(1, beside ? progress : gap);
        if (!beside) {
            getChildren().add(getChildren().indexOf(browse) + 1, progress);
        }
    }

    private void render() {
        Walkthrough w = wvm.selectedProperty().get();
        if (w == null) {
            steps.getChildren().clear();
            shown = null;
            title.setText("");
            summary.setText("");
            progress.setText("Pick a walkthrough");
            back.setDisable(true);
            next.setDisable(true);
            return;
        }
        title.setText(w.title());
        summary.setText(w.summary());
        boolean here = wvm.onItsLabProperty().get();
        int at = here ? wvm.stepIndexProperty().get() : -1;
        int viewed = wvm.viewedProperty().get();
        boolean done = here && wvm.finishedProperty().get();
        start.setText(here && (at > 0 || !vm.history().commands().isEmpty()) ? "Restart" : "Start");
        progress.setText(!here ? "Start opens the " + w.scenario() + " lab"
                : done ? "✓ Complete — all " + w.steps().size() + " steps"
                : "Step " + (at + 1) + " of " + w.steps().size());
        back.setDisable(viewed <= 0);
        next.setDisable(viewed >= w.steps().size() - 1);
        // the steps are built again only when what they say changes: a lab change that leaves them as they are
        // (most pods landing) costs no new labels to style and lay out
        List<Object> now = Arrays.asList(w, here, at, viewed, start.getText(), lines(w, at, here ? viewed : -1));
        if (now.equals(shown)) {
            return;
        }
        shown = now;
        steps.getChildren().clear();
        for (int i = 0; i < w.steps().size(); i++) {
            steps.getChildren().add(step(w.steps().get(i), i, at, here && i == viewed));
        }
        Node target = steps.getChildren().get(Math.min(viewed, steps.getChildren().size() - 1));
        follow.rebuilt(target, viewed, at, here, String.valueOf(now.get(now.size() - 1)));
    }

    /** What the open step says that depends on the lab and the selection: its statements' truth, its inspect rows. */
    private List<Object> lines(Walkthrough w, int at, int open) {
        if (open < 0 || open >= w.steps().size()) {
            return List.of();
        }
        WalkthroughStep s = w.steps().get(open);
        LabSnapshot lab = vm.snapshot();
        List<Object> out = new ArrayList<>();
        if (open == at) {
            s.now().forEach(n -> out.add(n.check().test(lab)));
            if (!s.inspect().isEmpty()) {
                Selection sel = vm.selectionProperty().get();
                out.add(sel);
                out.add(sel == null ? List.of() : InspectorModel.rows(lab, sel, List.of()).stream()
                        .filter(r -> s.inspect().contains(r.category())).toList());
            }
        }
        return out;
    }

    private VBox step(WalkthroughStep s, int i, int at, boolean open) {
        String state = at < 0 ? "todo" : i < at ? "done" : i == at ? "current" : "todo";
        Label mark = new Label(i < at ? "✓" : String.valueOf(i + 1));
        mark.getStyleClass().addAll("step-mark", state);
        mark.setId("wt-mark-" + i);
        Label heading = new Label(s.title());
        heading.getStyleClass().add("step-title");
        heading.setWrapText(true);
        HBox head = new HBox(8, mark, heading);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, head);
        box.getStyleClass().addAll("walkthrough-step", state);
        if (open && i != at) {
            box.getStyleClass().add("viewed");
        }
        box.setId("wt-step-" + i);
        if (!open) {
            return box;
        }
        LabSnapshot lab = vm.snapshot();
        if (i == at) {
            // a statement about the lab as it is: on screen only while it is true
            for (WalkthroughStep.Statement n : s.now()) {
                if (n.check().test(lab)) {
                    box.getChildren().add(wrapped("● " + n.text(), "step-now", null));
                }
            }
        }
        if (!s.text().isEmpty()) {
            box.getChildren().add(wrapped(s.text(), null, "wt-text"));
        }
        if (i < at) {
            box.getChildren().add(wrapped("✓ Done: " + s.action(), "muted", "wt-action"));
            return box;
        }
        box.getChildren().add(wrapped((i == at ? "Do: " : "Then do: ") + s.action(), "step-action", "wt-action"));
        if (!s.then().isEmpty()) {
            box.getChildren().add(wrapped(s.then(), "step-then", "wt-then"));
        }
        if (i > at) {
            box.getChildren().add(wrapped("Not yet: step " + (at + 1) + " comes first. Back and Next only show "
                    + "the text; the lab is where it was.", "muted", null));
        } else if (!s.inspect().isEmpty()) {
            box.getChildren().add(inspect(s, lab));
        }
        return box;
    }

    /** What the step asks to compare, for the object selected now (the inspector's rows of those categories). */
    private VBox inspect(WalkthroughStep s, LabSnapshot lab) {
        VBox out = new VBox(2);
        out.getStyleClass().add("step-inspect");
        out.setId("wt-inspect");
        Selection sel = vm.selectionProperty().get();
        List<InspectorRow> rows = sel == null ? List.of() : InspectorModel.rows(lab, sel, List.of()).stream()
                .filter(r -> s.inspect().contains(r.category())).toList();
        if (rows.isEmpty()) {
            // the category as the inspector names it ("API server lists"), and a promise, not a claim about now
            out.getChildren().add(wrapped("Click a tenant's name: what its " + String.join(", ", s.inspect())
                    + " will appear here.", "hint", "wt-inspect-hint"));
            return out;
        }
        out.getChildren().add(wrapped(sel.tenant() + " — " + rows.get(0).category() + ":", "step-title", null));
        // a resource name wider than the panel ("nvidia.com/gpumem-percentage" in presentation mode at 1024x768) breaks
        // after its separators, not wherever the line runs out ("gpumem-percent / age")
        rows.forEach(r -> out.getChildren().add(new WordWrapLabel(r.name() + ": " + r.value()).breakingPaths()));
        return out;
    }

    private static Label wrapped(String text, String style, String id) {
        Label l = new Label(text);
        l.setWrapText(true);
        if (style != null) {
            l.getStyleClass().add(style);
        }
        if (id != null) {
            l.setId(id);
        }
        return l;
    }
}
