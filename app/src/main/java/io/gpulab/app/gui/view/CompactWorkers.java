package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.NodeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.jspecify.annotations.Nullable;

/**
 * Level-of-detail drawing for large tenants: every worker is one glyph (a column per card, filled by
 * memory use, red when unhealthy; under the columns the worker's CPU and host-memory requests as two
 * bars, like the full view's fill bars; an amber corner when the node lock is held). The glyphs sit on
 * a few canvas bands of {@link #ROWS_PER_BAND} rows: 1,000 workers x 8 cards cost ~20 nodes in the scene
 * graph instead of tens of thousands, and a lab change redraws only the glyphs of the workers that
 * changed, so the frame repaints one band, not the tenant.
 */
public final class CompactWorkers extends VBox {

    static final int CELL_W = 52;
    static final int CELL_H = 38;
    static final int ROWS_PER_BAND = 4;

    private final WorkbenchViewModel vm;
    private final String tenant;
    private final int columns;
    private final List<Canvas> bands = new ArrayList<>();
    private final Label caption = new Label();
    private List<NodeView> nodes = List.of();
    private @Nullable String selected;
    private final CanvasPainter painter = new CanvasPainter(this, this::redrawAll);
    /** The worker a palette pod is dragged over (its glyph is framed), or -1. */
    private int dropTarget = -1;
    /** Glyphs drawn so far: a drag or a lab change must redraw the workers it touches, not the bands. */
    int glyphsDrawn;

    public CompactWorkers(WorkbenchViewModel vm, String tenant, List<NodeView> nodes, @Nullable String selected,
                          double width) {
        super(6);
        getStyleClass().add("compact-workers");
        setId("compact-" + tenant);
        caption.getStyleClass().add("caption");
        Texts.clip(caption);
        this.vm = vm;
        this.tenant = tenant;
        this.columns = Math.max(1, (int) (width / CELL_W));
        getChildren().add(caption);
        update(nodes, selected);
    }

    /** The glyph columns: how many workers sit in one row. */
    int columns() {
        return columns;
    }

    /**
     * Shows {@code next}: redraws only the glyphs whose worker changed (or whose selection mark did);
     * a different number of workers lays the bands out again.
     */
    public void update(List<NodeView> next, @Nullable String selectedNode) {
        long cards = next.stream().mapToLong(n -> n.cards().size()).sum();
        caption.setText(next.size() + " workers · " + cards + " cards — compact view: a column per card "
                + "(card memory HAMi booked), then CPU and host memory requested; click a worker to inspect");
        String oldSelected = selected;
        selected = selectedNode;
        if (next.size() != nodes.size()) {
            nodes = next;
            layoutBands();
            redrawAll();
            return;
        }
        List<NodeView> old = nodes;
        nodes = next;
        for (int i = 0; i < next.size(); i++) {
            NodeView n = next.get(i);
            boolean mark = !Objects.equals(oldSelected, selectedNode)
                    && (n.name().equals(selectedNode) || n.name().equals(oldSelected));
            if (mark || n != old.get(i) && !n.equals(old.get(i))) {
                drawGlyph(i);
            }
        }
    }

    private void layoutBands() {
        int rows = (nodes.size() + columns - 1) / columns;
        int count = Math.max(1, (rows + ROWS_PER_BAND - 1) / ROWS_PER_BAND);
        bands.clear();
        for (int b = 0; b < count; b++) {
            int bandRows = Math.max(1, Math.min(ROWS_PER_BAND, rows - b * ROWS_PER_BAND));
            Canvas band = new Canvas(columns * CELL_W, bandRows * CELL_H);
            band.getStyleClass().add("compact-band");
            int first = b * ROWS_PER_BAND * columns;
            band.setOnMouseClicked(e -> {
                int i = at(first, e.getX(), e.getY());
                if (i >= 0) {
                    vm.selectionProperty().set(Selection.node(tenant, nodes.get(i).name()));
                }
            });
            setupDrop(band, first);
            bands.add(band);
        }
        VBox glyphs = new VBox(0);
        glyphs.getChildren().setAll(bands);
        if (getChildren().size() > 1) {
            getChildren().set(1, glyphs);
        } else {
            getChildren().add(glyphs);
        }
    }

    /** The worker whose glyph is at x, y of the band that starts with worker {@code first}, or -1. */
    private int at(int first, double x, double y) {
        int i = first + (int) (y / CELL_H) * columns + (int) (x / CELL_W);
        return x >= 0 && y >= 0 && x < columns * CELL_W && i < nodes.size() ? i : -1;
    }

    /**
     * A palette pod dragged over a worker frames that worker's glyph (only the glyphs that gain or lose the
     * frame are redrawn, on their band) and a drop pins the pod to its cards with HAMi's use-gpuuuid, as a
     * drop on a card tile pins it to that card. Over a worker without cards the tenant takes the drop.
     */
    private void setupDrop(Canvas band, int first) {
        band.setOnDragOver(e -> {
            int i = at(first, e.getX(), e.getY());
            boolean pod = Dnd.template(e.getDragboard()).isPresent();
            if (pod && i >= 0 && !nodes.get(i).cards().isEmpty()) {
                e.acceptTransferModes(TransferMode.COPY);
                e.consume();
                target(i);
            } else {
                target(-1);
            }
        });
        band.setOnDragExited(e -> target(-1));
        band.setOnDragDropped(e -> {
            var t = Dnd.template(e.getDragboard());
            int i = at(first, e.getX(), e.getY());
            target(-1);
            if (t.isPresent() && i >= 0 && !nodes.get(i).cards().isEmpty()) {
                String cards = String.join(",", nodes.get(i).cards().stream().map(CardView::id).toList());
                vm.submitTemplate(t.get(), tenant, cards);
                e.setDropCompleted(true);
                e.consume();
            }
        });
    }

    private void target(int i) {
        if (i == dropTarget) {
            return;
        }
        int old = dropTarget;
        dropTarget = i;
        if (old >= 0 && old < nodes.size()) {
            drawGlyph(old);
        }
        if (i >= 0) {
            drawGlyph(i);
        }
    }

    private void redrawAll() {
        if (!painter.begin()) {
            return;
        }
        for (Canvas band : bands) {
            GraphicsContext g = band.getGraphicsContext2D();
            // a full clear also drops the band's queued drawing commands
            g.clearRect(0, 0, band.getWidth(), band.getHeight());
            g.setFill(painter.background(false));
            g.fillRect(0, 0, band.getWidth(), band.getHeight());
        }
        for (int i = 0; i < nodes.size(); i++) {
            drawGlyph(i);
        }
    }

    private void drawGlyph(int i) {
        if (!painter.ready()) {
            return;
        }
        int row = i / columns;
        Canvas band = bands.get(row / ROWS_PER_BAND);
        double x = (i % columns) * CELL_W;
        double y = (row % ROWS_PER_BAND) * CELL_H;
        GraphicsContext g = band.getGraphicsContext2D();
        boolean target = i == dropTarget;
        // the drop frame is the full view's :drop look (accent border on accent-soft) around the glyph
        g.setFill(painter.background(target));
        g.fillRect(x, y, CELL_W, CELL_H);
        draw(g, nodes.get(i), x + 2, y + 2, Objects.equals(nodes.get(i).name(), selected));
        if (target) {
            painter.edge(g, x + 1, y + 1, CELL_W - 2, CELL_H - 2, painter.accent());
        }
        glyphsDrawn++;
    }

    /** One worker's glyph in the {@code CELL_W - 4} x {@code CELL_H - 4} box at x, y. */
    private void draw(GraphicsContext g, NodeView n, double x, double y, boolean selected) {
        Color track = painter.track();
        painter.box(g, x, y, CELL_W - 4, CELL_H - 4);
        painter.edge(g, x + 0.5, y + 0.5, CELL_W - 5, CELL_H - 5, selected ? CanvasPainter.ACCENT : null);
        int c = Math.max(1, n.cards().size());
        double colW = (CELL_W - 8.0) / c;
        double full = CELL_H - 18;
        for (int k = 0; k < n.cards().size(); k++) {
            CardView card = n.cards().get(k);
            double cx = x + 2 + k * colW;
            g.setFill(track);
            g.fillRect(cx, y + 2, Math.max(1, colW - 1), full);
            double f = card.memMB() == 0 ? 0 : (double) card.usedMemMB() / card.memMB();
            g.setFill(!card.health() ? CanvasPainter.ERROR : f >= 0.9 ? CanvasPainter.WARN : CanvasPainter.MEM);
            double h = card.health() ? full * f : full;
            g.fillRect(cx, y + 2 + full - h, Math.max(1, colW - 1), h);
        }
        double cpu = n.cpu() == 0 ? 0 : n.cpuRequestedMilli() / (n.cpu() * 1000.0);
        double mem = n.memoryMiB() == 0 ? 0 : (double) n.memoryRequestedMiB() / n.memoryMiB();
        painter.bar(g, x + 2, y + full + 5, CELL_W - 8.0, 3, cpu, CanvasPainter.ACCENT);
        painter.bar(g, x + 2, y + full + 10, CELL_W - 8.0, 3, mem, CanvasPainter.MEM);
        if (n.lock() != null && n.lock().held()) {
            g.setFill(CanvasPainter.WARN);
            g.fillPolygon(new double[] {x + CELL_W - 16, x + CELL_W - 6, x + CELL_W - 6},
                    new double[] {y, y, y + 10}, 3);
        }
    }
}
