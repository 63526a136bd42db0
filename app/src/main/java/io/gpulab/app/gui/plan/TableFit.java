package io.gpulab.app.gui.plan;

import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Sizes a table's columns to what they show: each at least as wide as its header's longest line and its widest cell
 * (so nothing is cut to "GPU comp..."), the width left spread over them in proportion; when the table is narrower than
 * their sum, they keep their width and the table scrolls sideways (its resize policy must be unconstrained).
 */
final class TableFit {

    /** A cell's padding and the header's sort-arrow room, in pixels at the default font. */
    private static final double PAD = 18;

    private TableFit() {
    }

    static <T> void fit(TableView<T> table) {
        double[] need = new double[table.getColumns().size()];
        double sum = 0;
        for (int i = 0; i < need.length; i++) {
            TableColumn<T, ?> c = table.getColumns().get(i);
            if (!c.isVisible()) {
                continue;
            }
            Font font = c.getGraphic() instanceof Labeled l ? l.getFont() : Font.getDefault();
            double w = c.getGraphic() instanceof Labeled l ? width(l.getText(), font) : width(c.getText(), font);
            for (int row = 0; row < table.getItems().size(); row++) {
                Object v = c.getCellData(row);
                w = Math.max(w, width(v == null ? "" : v.toString(), font));
            }
            need[i] = Math.ceil(w + PAD);
            sum += need[i];
        }
        // the table's border and a vertical scroll bar's room
        double room = table.getWidth() - 20;
        double scale = room > sum ? room / sum : 1;
        for (int i = 0; i < need.length; i++) {
            TableColumn<T, ?> c = table.getColumns().get(i);
            if (c.isVisible()) {
                c.setMinWidth(need[i]);
                c.setPrefWidth(Math.floor(need[i] * scale));
            }
        }
    }

    /** The widest line of {@code s} in {@code font}. */
    static double width(String s, Font font) {
        double w = 0;
        for (String line : (s == null ? "" : s).split("\n")) {
            Text t = new Text(line);
            t.setFont(font);
            w = Math.max(w, t.getLayoutBounds().getWidth());
        }
        return w;
    }
}
