package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.InspectorModel;
import io.gpulab.app.gui.vm.InspectorRow;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.NumberBinding;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.jspecify.annotations.Nullable;

/**
 * The inspector: the selected object's properties, annotations and events as a read-only, grouped
 * key/value sheet (values wrap at spaces, never inside a word, so long annotations stay readable).
 */
public final class InspectorView extends VBox {

    /** The names' column on a wide sheet; the one place this width is set (the key labels' CSS leaves it). */
    private static final double KEY_WIDTH = 120;

    private final WorkbenchViewModel vm;
    private final WordWrapLabel title = new WordWrapLabel("");
    private final VBox sheet = new VBox(2);
    private final ScrollPane scroll;
    private boolean shown;
    private @Nullable Selection shownSelection;
    private List<InspectorRow> shownRows = List.of();
    /** The rows of "Why it does not run" when shown (a pending pod), else null. */
    private @Nullable GridPane whyGrid;
    private final javafx.beans.property.ReadOnlyDoubleWrapper whyHeight = new javafx.beans.property.ReadOnlyDoubleWrapper();
    /** Names get at most 40 % of the sheet (cut with "…", full name on hover): values need the room. */
    private final NumberBinding keyWidth = Bindings.min(KEY_WIDTH, sheet.widthProperty().multiply(0.4));

    public InspectorView(WorkbenchViewModel vm) {
        super(6);
        this.vm = vm;
        getStyleClass().add("inspector");
        title.getStyleClass().add("panel-title");
        title.setId("inspector-title");
        sheet.setId("inspector-sheet");
        sheet.getStyleClass().add("inspector-sheet");
        scroll = new ScrollPane(sheet);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("trace-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(title, scroll);
        vm.selectionProperty().addListener((o, a, b) -> refresh());
        vm.snapshotProperty().addListener((o, a, b) -> refresh());
        // HAMi's why arrives with the selected pod's trace, asked off the FX thread
        vm.traceProperty().addListener((o, a, b) -> refresh());
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
            return new WordWrapLabel(text, "inspector-value");
        }
        return Texts.clipped(text, "inspector-value");
    }

    /**
     * How tall the inspector must be for "Why it does not run" (the sentence, its fix and its reference) to be read
     * without scrolling, from the inspector's top; 0 when no such section is shown. The workbench gives the inspector
     * that height when a pending pod is selected ({@link WorkbenchView}).
     */
    public javafx.beans.property.ReadOnlyDoubleProperty whyHeightProperty() {
        return whyHeight.getReadOnlyProperty();
    }

    private void measureWhy(GridPane why) {
        if (why != whyGrid || why.getHeight() <= 0) {
            return;
        }
        // the section starts the sheet: its bottom in the sheet, under the title and the scroll pane's border
        double bottom = scroll.getBoundsInParent().getMinY() + scroll.snappedTopInset() + why.getBoundsInParent()
                .getMaxY() + scroll.snappedBottomInset() + snappedBottomInset();
        whyHeight.set(Math.ceil(bottom) + 2);
    }

    private void refresh() {
        Selection sel = vm.selectionProperty().get();
        List<InspectorRow> rows = sel == null ? List.of()
                : InspectorModel.rows(vm.snapshot(), sel, vm.events(), vm.pods()::podDetail, vm.pods()::plainReason, vm.pods()::podWhy);
        // most lab changes (a clock tick, a pod elsewhere) leave the selected object as it was: keep the sheet,
        // so the frame neither restyles nor repaints it
        if (shown && Objects.equals(sel, shownSelection) && rows.equals(shownRows)) {
            return;
        }
        shown = true;
        if (!Objects.equals(sel, shownSelection)) {
            // another object: read from its top (its first rows say what it is, or why a pod does not run), not
            // at the depth the previous one was scrolled to
            scroll.setVvalue(scroll.getVmin());
        }
        shownSelection = sel;
        shownRows = rows;
        sheet.getChildren().clear();
        whyGrid = null;
        whyHeight.set(0);
        if (sel == null) {
            title.setFullText("Inspector");
            Label hint = new WordWrapLabel("Click a card, pod, worker, tenant or control plane to inspect it.", "hint");
            sheet.getChildren().add(hint);
            return;
        }
        title.setFullText(sel.kind().name().replace('_', ' ').toLowerCase() + "  " + sel.id());
        String category = null;
        GridPane grid = null;
        for (InspectorRow r : rows) {
            if (!r.category().equals(category)) {
                category = r.category();
                Label head = new Label(category.toUpperCase());
                head.getStyleClass().add("section-title");
                grid = new GridPane();
                grid.getStyleClass().add("inspector-grid");
                ColumnConstraints names = new ColumnConstraints();
                names.minWidthProperty().bind(keyWidth);
                names.maxWidthProperty().bind(keyWidth);
                ColumnConstraints values = new ColumnConstraints();
                values.setHgrow(Priority.ALWAYS);
                values.setFillWidth(true);
                grid.getColumnConstraints().addAll(names, values);
                sheet.getChildren().addAll(head, grid);
                if (InspectorModel.WHY.equals(category)) {
                    whyGrid = grid;
                    GridPane why = grid;
                    why.boundsInParentProperty().addListener((o, a, b) -> measureWhy(why));
                }
            }
            if (InspectorModel.WHY.equals(category)) {
                // sentences, not properties: the sheet's whole width, the name leading the fix and the reference,
                // so that at 1024x768 the sentence, its fix and its docs entry are read without scrolling
                grid.add(value("in words".equals(r.name()) ? r.value() : r.name() + ": " + r.value()), 0,
                        grid.getRowCount(), 2, 1);
                continue;
            }
            Label name = Texts.clipped(r.name(), "inspector-key");
            // keys share prefixes (nvidia.com/gpucores, nvidia.com/gpumem): cut them at the start
            name.setTextOverrun(javafx.scene.control.OverrunStyle.LEADING_ELLIPSIS);
            Label value = value(r.value());
            GridPane.setHgrow(value, Priority.ALWAYS);
            grid.addRow(grid.getRowCount(), name, value);
        }
    }
}
