package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import java.util.List;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * Level-of-detail drawing for large tenants: every worker is one glyph on a single canvas (a column
 * per card, filled by memory use, red when unhealthy, an amber corner when the node lock is held), so
 * 1,000 workers x 8 cards cost one node in the scene graph instead of tens of thousands.
 */
public final class CompactWorkers extends VBox {

    static final int CELL_W = 52;
    static final int CELL_H = 30;

    private static final Color ERROR = Color.web("#cf3b3b");
    private static final Color WARN = Color.web("#c98a12");
    private static final Color MEM = Color.web("#3b73d9");

    private final List<NodeView> nodes;

    public CompactWorkers(WorkbenchViewModel vm, LabSnapshot s, TenantView tenant, double width) {
        super(6);
        getStyleClass().add("compact-workers");
        this.nodes = tenant.nodes();
        long cards = nodes.stream().mapToLong(n -> n.cards().size()).sum();
        Label caption = new Label(nodes.size() + " workers · " + cards
                + " cards — compact view, click a worker to inspect");
        caption.getStyleClass().add("caption");
        int columns = Math.max(1, (int) (width / CELL_W));
        int rows = (nodes.size() + columns - 1) / columns;
        Canvas canvas = new Canvas(columns * CELL_W, Math.max(1, rows) * CELL_H);
        canvas.setId("compact-" + tenant.name());
        draw(canvas.getGraphicsContext2D(), nodes, columns, false);
        // a canvas does not follow CSS: redraw when the panel enters a scene and whenever its theme switches;
        // the listener leaves with the panel, so rebuilt tenants leave nothing on the scene
        javafx.collections.ListChangeListener<String> themeSwitched = c ->
                draw(canvas.getGraphicsContext2D(), nodes, columns, getScene() != null && Theme.isDark(getScene()));
        sceneProperty().addListener((o, old, scene) -> {
            if (old != null) {
                old.getStylesheets().removeListener(themeSwitched);
            }
            if (scene != null) {
                scene.getStylesheets().addListener(themeSwitched);
                draw(canvas.getGraphicsContext2D(), nodes, columns, Theme.isDark(scene));
            }
        });
        canvas.setOnMouseClicked(e -> {
            int i = (int) (e.getY() / CELL_H) * columns + (int) (e.getX() / CELL_W);
            if (i >= 0 && i < nodes.size() && e.getX() < columns * CELL_W) {
                vm.selectionProperty().set(Selection.node(tenant.name(), nodes.get(i).name()));
            }
        });
        getChildren().addAll(caption, canvas);
    }

    /** Draws all glyphs; public for the frame-time benchmark. */
    public static void draw(GraphicsContext g, List<NodeView> nodes, int columns, boolean dark) {
        Color cell = dark ? Color.web("#1d232a") : Color.WHITE;
        Color border = dark ? Color.web("#313a45") : Color.web("#cfd6df");
        Color track = dark ? Color.web("#2c343e") : Color.web("#e3e8ef");
        g.clearRect(0, 0, g.getCanvas().getWidth(), g.getCanvas().getHeight());
        g.setFill(dark ? Color.web("#232a32") : Color.web("#f6f8fa"));
        g.fillRect(0, 0, g.getCanvas().getWidth(), g.getCanvas().getHeight());
        for (int i = 0; i < nodes.size(); i++) {
            double x = (i % columns) * CELL_W + 2;
            double y = (i / columns) * CELL_H + 2;
            NodeView n = nodes.get(i);
            g.setFill(cell);
            g.fillRect(x, y, CELL_W - 4, CELL_H - 4);
            g.setStroke(border);
            g.strokeRect(x + 0.5, y + 0.5, CELL_W - 5, CELL_H - 5);
            int c = Math.max(1, n.cards().size());
            double colW = (CELL_W - 8.0) / c;
            for (int k = 0; k < n.cards().size(); k++) {
                CardView card = n.cards().get(k);
                double cx = x + 2 + k * colW;
                double full = CELL_H - 8;
                g.setFill(track);
                g.fillRect(cx, y + 2, Math.max(1, colW - 1), full);
                double f = card.memMB() == 0 ? 0 : (double) card.usedMemMB() / card.memMB();
                g.setFill(!card.health() ? ERROR : f >= 0.9 ? WARN : MEM);
                double h = card.health() ? full * f : full;
                g.fillRect(cx, y + 2 + full - h, Math.max(1, colW - 1), h);
            }
            if (n.lock() != null && n.lock().held()) {
                g.setFill(Color.web("#c98a12"));
                g.fillPolygon(new double[] {x + CELL_W - 14, x + CELL_W - 4, x + CELL_W - 4},
                        new double[] {y, y, y + 10}, 3);
            }
        }
    }
}
