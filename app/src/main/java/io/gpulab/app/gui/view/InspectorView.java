package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.InspectorModel;
import io.gpulab.app.gui.vm.InspectorRow;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The inspector: the selected object's properties, annotations and events as a read-only, grouped
 * key/value sheet (values wrap, so long annotations stay readable).
 */
public final class InspectorView extends VBox {

    private final WorkbenchViewModel vm;
    private final Label title = new Label();
    private final VBox sheet = new VBox(2);

    public InspectorView(WorkbenchViewModel vm) {
        super(6);
        this.vm = vm;
        getStyleClass().add("inspector");
        title.getStyleClass().add("panel-title");
        title.setId("inspector-title");
        title.setWrapText(true);
        sheet.setId("inspector-sheet");
        sheet.getStyleClass().add("inspector-sheet");
        ScrollPane scroll = new ScrollPane(sheet);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("trace-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(title, scroll);
        vm.selectionProperty().addListener((o, a, b) -> refresh());
        vm.snapshotProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    /**
     * A value as shown: JSON pretty-printed in monospace, a sentence wrapped at word boundaries, a single
     * long token (uuid, path, key) on one line cut with "…"; the full text always on hover.
     */
    private static Label value(String text) {
        String json = PrettyJson.format(text);
        if (json != null) {
            Label l = Texts.clipped(json, "inspector-value", "inspector-json");
            l.setWrapText(false);
            return l;
        }
        if (text.trim().contains(" ")) {
            Label l = new Label(text);
            l.getStyleClass().add("inspector-value");
            l.setWrapText(true);
            l.setMinWidth(0);
            return l;
        }
        return Texts.clipped(text, "inspector-value");
    }

    private void refresh() {
        Selection sel = vm.selectionProperty().get();
        sheet.getChildren().clear();
        if (sel == null) {
            title.setText("Inspector");
            Label hint = new Label("Click a card, pod, worker, tenant or control plane to inspect it.");
            hint.getStyleClass().add("hint");
            hint.setWrapText(true);
            sheet.getChildren().add(hint);
            return;
        }
        title.setText(sel.kind().name().replace('_', ' ').toLowerCase() + "  " + sel.id());
        String category = null;
        GridPane grid = null;
        for (InspectorRow r : InspectorModel.rows(vm.snapshot(), sel, vm.events(), vm::podDetail)) {
            if (!r.category().equals(category)) {
                category = r.category();
                Label head = new Label(category.toUpperCase());
                head.getStyleClass().add("section-title");
                grid = new GridPane();
                grid.getStyleClass().add("inspector-grid");
                sheet.getChildren().addAll(head, grid);
            }
            Label name = Texts.clipped(r.name(), "inspector-key");
            Label value = value(r.value());
            GridPane.setHgrow(value, Priority.ALWAYS);
            grid.addRow(grid.getRowCount(), name, value);
        }
    }
}
