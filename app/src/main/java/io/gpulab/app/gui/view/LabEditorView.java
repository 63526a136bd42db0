package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.scenario.LabDesign;
import io.gpulab.mockgpu.catalog.CardModel;
import java.util.Optional;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The lab editor (Design tab): add and remove tenants, workers and cards (from the catalog, with each
 * model's memory), set a worker's CPU and memory and the lab's HAMi settings. Every change goes to the
 * view-model as one lab edit, which the engine applies as one undoable redesign command.
 */
public final class LabEditorView extends VBox {

    private final WorkbenchViewModel vm;
    private final VBox tenants = new VBox(4);
    private final ComboBox<String> worker = new ComboBox<>();
    private final TextField cpu = field("design-cpu");
    private final TextField memory = field("design-memory");
    private final VBox cards = new VBox(3);
    private final ComboBox<CardModel> model = new ComboBox<>();
    private final Spinner<Integer> count = new Spinner<>(1, 8, 1);
    private final TextField newTenant = field("design-tenant-name");
    private final TextField newWorker = field("design-worker-name");
    private final TextField split = field("design-split");
    private final ChoiceBox<String> gpuPolicy = new ChoiceBox<>();
    private final ChoiceBox<String> nodePolicy = new ChoiceBox<>();
    private final javafx.beans.property.BooleanProperty shown = new javafx.beans.property.SimpleBooleanProperty();
    /** A refusal, next to the part of the form it is about (the status bar says it too). */
    private final Label tenantError = error("design-tenant-error");
    private final Label workerError = error("design-worker-error");
    private final Label cardError = error("design-card-error");
    private final Label hamiError = error("design-hami-error");
    private final Label pastNote = new Label("Viewing a past version: this is its design, read-only. Return to now to "
            + "change the lab.");

    public LabEditorView(WorkbenchViewModel vm) {
        super(8);
        this.vm = vm;
        getStyleClass().add("lab-editor");
        setId("lab-editor");
        layoutParts();
        // drawn only while its tab is shown: a 1,000-worker lab must not rebuild this form on every change
        vm.snapshotProperty().addListener((o, a, s) -> {
            if (shown.get()) {
                render(s);
            }
        });
        // the design of a version is known once the history has recorded it, after its snapshot arrived: the form
        // then shows the lab's values (a change applied, undone, a past version shown), and earlier refusals go
        vm.history().versionsProperty().addListener((o, a, v) -> {
            clearErrors();
            if (shown.get()) {
                render(vm.snapshot());
            }
        });
        vm.past().pastProperty().addListener((o, a, b) -> {
            if (shown.get()) {
                render(vm.snapshot());
            }
        });
        shown.addListener((o, a, on) -> {
            if (on) {
                render(vm.snapshot());
            }
        });
        worker.valueProperty().addListener((o, a, b) -> renderWorker(vm.snapshot()));
    }

    /** True while the editor's tab is selected. */
    public javafx.beans.property.BooleanProperty shownProperty() {
        return shown;
    }

    private void layoutParts() {
        Label note = new Label("Each change rebuilds the lab from the new design: pods and the clock start over. "
                + "Undo takes a change back; File → Save scenario writes the design and your actions since.");
        note.getStyleClass().add("hint");
        note.setWrapText(true);
        newTenant.setPromptText("tenant-c");
        Button addTenant = button("Add tenant", "design-add-tenant", () -> {
            String name = newTenant.getText().trim();
            // an added name is done with; a refused one stays for the user to correct
            if (vm.editor().edit("add tenant " + name, d -> d.addTenant(name), refused(tenantError))) {
                newTenant.clear();
            }
        });
        worker.setId("design-worker");
        worker.setMaxWidth(Double.MAX_VALUE);
        Button apply = button("Apply", "design-apply-worker", () -> selected().ifPresent(w -> {
            int c = number(cpu);
            int m = number(memory);
            vm.editor().edit(w[1] + ": " + c + " CPU, " + m + " MiB", d -> d.setWorker(w[0], w[1], c, m),
                    refused(workerError));
        }));
        Button removeWorker = button("Remove worker", "design-remove-worker", () -> selected().ifPresent(w ->
                vm.editor().edit("remove worker " + w[1], d -> d.removeWorker(w[0], w[1]), refused(workerError))));
        model.setId("design-model");
        model.getItems().setAll(LabDesign.catalog());
        model.setConverter(new StringConverter<>() {
            @Override
            public String toString(CardModel m) {
                return m == null ? "" : m.name() + " · " + Formats.mb(m.memoryMB()) + " MB";
            }

            @Override
            public CardModel fromString(String s) {
                return null;
            }
        });
        model.getSelectionModel().selectFirst();
        model.setMaxWidth(Double.MAX_VALUE);
        count.setId("design-count");
        count.setPrefWidth(70);
        Button addCards = button("Add cards", "design-add-cards", () -> selected().ifPresent(w -> {
            CardModel m = model.getValue();
            int n = count.getValue();
            if (m != null) {
                vm.editor().edit(n + " x " + m.name() + " on " + w[1], d -> d.addCards(w[0], w[1], m.name(), n),
                        refused(cardError));
            }
        }));
        newWorker.setPromptText("new worker name");
        Button addWorker = button("Add worker", "design-add-worker", () -> selected().ifPresent(w -> {
            String name = newWorker.getText().trim();
            if (vm.editor().edit("add worker " + name + " to " + w[0], d -> d.addWorker(w[0], name, 4, 8192),
                    refused(workerError))) {
                newWorker.clear();
            }
        }));
        gpuPolicy.getItems().setAll("binpack", "spread");
        nodePolicy.getItems().setAll("binpack", "spread");
        gpuPolicy.setId("design-gpu-policy");
        nodePolicy.setId("design-node-policy");
        Button applyHami = button("Apply HAMi settings", "design-apply-hami", () -> {
            String s = split.getText().trim();
            String g = gpuPolicy.getValue();
            String n = nodePolicy.getValue();
            vm.editor().edit(hamiChange(vm.editor().design().spec().hami(), s, g, n),
                    d -> d.setHami("deviceSplitCount", s).setHami("gpuSchedulerPolicy", g)
                            .setHami("nodeSchedulerPolicy", n), refused(hamiError));
        });
        GridPane size = grid();
        size.addRow(0, name("CPU"), cpu, name("Memory MiB"), memory);
        GridPane hami = grid();
        hami.addRow(0, name("deviceSplitCount"), split);
        hami.addRow(1, name("gpuSchedulerPolicy"), gpuPolicy);
        hami.addRow(2, name("nodeSchedulerPolicy"), nodePolicy);
        // which version the design shows is a fact a projector's viewers need too, not a hint
        pastNote.getStyleClass().add("note");
        pastNote.setWrapText(true);
        pastNote.setId("design-past");
        pastNote.managedProperty().bind(pastNote.visibleProperty());
        pastNote.setVisible(false);
        getChildren().addAll(title("LAB DESIGN"), note, pastNote,
                title("TENANTS"), tenants, row(newTenant, addTenant), tenantError,
                title("WORKER"), worker, size, row(apply, removeWorker), row(newWorker, addWorker), workerError,
                title("CARDS ON THIS WORKER"), cards, model, row(count, addCards), cardError,
                title("HAMI (ALL TENANTS)"), hami, applyHami, hamiError);
    }

    private void render(LabSnapshot s) {
        tenants.getChildren().clear();
        String keep = worker.getValue();
        worker.getItems().clear();
        for (TenantView t : s.tenants()) {
            Label name = Texts.clipped(t.name() + " · " + t.nodes().size() + " worker"
                    + (t.nodes().size() == 1 ? "" : "s"));
            HBox.setHgrow(name, Priority.ALWAYS);
            name.setMaxWidth(Double.MAX_VALUE);
            tenants.getChildren().add(row(name, button("Remove", "design-remove-tenant-" + t.name(),
                    () -> vm.editor().edit("remove tenant " + t.name(), d -> d.removeTenant(t.name()),
                            refused(tenantError)))));
            t.nodes().forEach(n -> worker.getItems().add(t.name() + "/" + n.name()));
        }
        worker.setValue(keep != null && worker.getItems().contains(keep) ? keep
                : worker.getItems().isEmpty() ? null : worker.getItems().get(0));
        // the design of the lab on screen: a past version's while time travel shows one
        HamiSettings h = vm.simulated() ? vm.editor().shownDesign().spec().hami() : null;
        if (h != null) {
            split.setText(String.valueOf(h.deviceSplitCount()));
            gpuPolicy.setValue(h.gpuSchedulerPolicy());
            nodePolicy.setValue(h.nodeSchedulerPolicy());
        }
        boolean past = vm.past().showing();
        pastNote.setVisible(past);
        getChildren().stream().filter(n -> n != pastNote).forEach(n -> n.setDisable(!vm.simulated() || past));
        renderWorker(s);
    }

    private void renderWorker(LabSnapshot s) {
        cards.getChildren().clear();
        Optional<String[]> sel = selected();
        if (sel.isEmpty()) {
            return;
        }
        NodeView n = s.tenant(sel.get()[0]).flatMap(t -> t.nodes().stream()
                .filter(x -> x.name().equals(sel.get()[1])).findFirst()).orElse(null);
        if (n == null) {
            return;
        }
        cpu.setText(String.valueOf(n.cpu()));
        memory.setText(String.valueOf(n.memoryMiB()));
        for (int i = 0; i < n.cards().size(); i++) {
            CardView c = n.cards().get(i);
            int index = i;
            // id and model on a line of their own, memory and Remove under it: on a 1280 px screen the side
            // panel has no room for all of it on one line, and the model's name is what tells cards apart
            Label l = Texts.clipped(c.id() + " · " + c.type());
            l.setMaxWidth(Double.MAX_VALUE);
            Label mem = new Label(Formats.mb(c.memMB()) + " MB");
            mem.getStyleClass().add("muted");
            Region grow = new Region();
            HBox.setHgrow(grow, Priority.ALWAYS);
            cards.getChildren().add(new VBox(2, l, row(mem, grow, button("Remove", "design-remove-card-" + i,
                    () -> vm.editor().edit("remove " + c.id() + " from " + n.name(),
                            d -> d.removeCard(sel.get()[0], n.name(), index), refused(cardError))))));
        }
        if (n.cards().isEmpty()) {
            Label none = new Label("no cards yet");
            none.getStyleClass().add("note");
            cards.getChildren().add(none);
        }
    }

    /** {tenant, worker} of the picked worker. */
    private Optional<String[]> selected() {
        String v = worker.getValue();
        return v == null || !v.contains("/") ? Optional.empty() : Optional.of(v.split("/", 2));
    }

    /** Shows a refusal next to its part of the form, and the form's fields go back to the lab's values. */
    private java.util.function.Consumer<String> refused(Label where) {
        return why -> {
            clearErrors();
            where.setText("Refused: " + why);
            where.setVisible(true);
            render(vm.snapshot());
            reveal(where);
        };
    }

    /**
     * Scrolls the form so a refusal is on screen: at 1024x768 the HAMi settings' refusal was written below the fold,
     * and the status bar, cut, was all one saw.
     */
    private void reveal(Label refusal) {
        javafx.scene.Parent up = getParent();
        while (up != null && !(up instanceof javafx.scene.control.ScrollPane)) {
            up = up.getParent();
        }
        if (!(up instanceof javafx.scene.control.ScrollPane pane)) {
            return;
        }
        pane.applyCss();
        pane.layout();
        double view = pane.getViewportBounds().getHeight();
        double free = getHeight() - view;
        if (free <= 0) {
            return;
        }
        javafx.geometry.Bounds b = sceneToLocal(refusal.localToScene(refusal.getLayoutBounds()));
        double top = pane.getVvalue() * free;
        if (b.getMaxY() > top + view) {
            top = b.getMaxY() - view;
        } else if (b.getMinY() < top) {
            top = b.getMinY();
        }
        pane.setVvalue(Math.max(0, Math.min(1, top / free)));
    }

    private void clearErrors() {
        for (Label l : new Label[] {tenantError, workerError, cardError, hamiError}) {
            l.setText("");
            l.setVisible(false);
        }
    }

    private static Label error(String id) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add("field-error");
        l.setWrapText(true);
        l.managedProperty().bind(l.visibleProperty());
        l.setVisible(false);
        return l;
    }

    private int number(TextField f) {
        try {
            return Integer.parseInt(f.getText().trim());
        } catch (NumberFormatException e) {
            return -1; // the design refuses it with the reader's message
        }
    }

    private static Label name(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static TextField field(String id) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(4);
        f.setMinWidth(40);
        return f;
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.getStyleClass().add("custom-grid");
        return g;
    }

    private static HBox row(Node... nodes) {
        HBox h = new HBox(6, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        for (Node n : nodes) {
            if (n instanceof Button b) {
                b.setMinWidth(Region.USE_PREF_SIZE);
            }
            // a name field takes the row's free width, so its placeholder ("new worker name") shows whole
            if (n instanceof TextField f) {
                HBox.setHgrow(f, Priority.ALWAYS);
                f.setMaxWidth(Double.MAX_VALUE);
            }
        }
        return h;
    }

    private static Button button(String text, String id, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    /**
     * The words an Apply of the HAMi settings is recorded with: only the settings it changes. "HAMi deviceSplitCount
     * 4, gpuSchedulerPolicy spread, nodeSchedulerPolicy binpack" in an edited lab's description and report read as
     * three changes where one was made.
     */
    static String hamiChange(HamiSettings now, String split, String gpu, String node) {
        java.util.List<String> changed = new java.util.ArrayList<>();
        if (!split.equals(String.valueOf(now.deviceSplitCount()))) {
            changed.add("deviceSplitCount " + split);
        }
        if (!java.util.Objects.equals(gpu, now.gpuSchedulerPolicy())) {
            changed.add("gpuSchedulerPolicy " + gpu);
        }
        if (!java.util.Objects.equals(node, now.nodeSchedulerPolicy())) {
            changed.add("nodeSchedulerPolicy " + node);
        }
        return changed.isEmpty() ? "HAMi deviceSplitCount " + split + ", gpuSchedulerPolicy " + gpu
                + ", nodeSchedulerPolicy " + node + " (unchanged)" : "HAMi " + String.join(", ", changed);
    }
}
