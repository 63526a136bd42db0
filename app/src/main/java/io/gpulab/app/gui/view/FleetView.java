package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.FleetGroups;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.NodeView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.jspecify.annotations.Nullable;

/**
 * The fleet view of a tenant too large for one glyph per worker on screen ({@link TenantPanel}): one tile per
 * group of workers ({@link FleetGroups}) with the group's totals as text and two fill bars (card memory and
 * compute booked), and a click on a tile opens that group's workers as glyphs below ({@link CompactWorkers}).
 * Each tile is its own small canvas: a lab change redraws the tiles of the groups it changed, and the open group's
 * changed glyphs, nothing else; no CSS runs for it.
 */
public final class FleetView extends VBox {

    static final int TILE_W = 228;
    static final int TILE_H = 112;
    private static final int LINE = 15;

    private static final Font TITLE = Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, 12);
    private static final Font BODY = Font.font(Font.getDefault().getFamily(), 11);

    private final WorkbenchViewModel vm;
    private final String tenant;
    private final double width;
    private final FleetGroups model = new FleetGroups();
    private final Label caption = new Label();
    private final FlowPane tiles = new FlowPane(6, 6);
    private final List<Canvas> canvases = new ArrayList<>();
    /** Each tile's tooltip: its figures with what each is a share of. */
    private final List<Tooltip> tips = new ArrayList<>();
    /** The lines each tile shows, as last drawn on it. */
    private final List<List<String>> drawnLines = new ArrayList<>();
    private final CanvasPainter painter = new CanvasPainter(this, this::redrawAll);
    private final Label drillCaption = new Label();
    private @Nullable CompactWorkers drill;
    private int open = -1;
    private @Nullable String selected;
    /** Tiles drawn so far: a lab change must redraw the groups it touches, not the fleet. */
    int tilesDrawn;

    public FleetView(WorkbenchViewModel vm, String tenant, List<NodeView> nodes, @Nullable String selected,
                     double width) {
        super(6);
        getStyleClass().add("fleet-view");
        setId("fleet-" + tenant);
        this.vm = vm;
        this.tenant = tenant;
        this.width = width;
        caption.getStyleClass().add("caption");
        drillCaption.getStyleClass().add("caption");
        drillCaption.setId("fleet-open-" + tenant);
        Texts.clip(caption);
        Texts.clip(drillCaption);
        tiles.setPrefWrapLength(width);
        // the tiles' percentages say of what on screen, not only in the docs
        Label legend = new WordWrapLabel(FleetGroups.LEGEND, "caption");
        legend.setId("fleet-legend-" + tenant);
        getChildren().addAll(caption, legend, tiles);
        update(nodes, selected);
    }

    /** The groups and their totals as shown. */
    public FleetGroups groups() {
        return model;
    }

    /** The lines tile {@code g} shows, as last drawn on it (empty before it is drawn). */
    List<String> drawnLines(int g) {
        return drawnLines.get(g);
    }

    /** The tooltip of tile {@code g}, as last drawn. */
    Tooltip tip(int g) {
        return tips.get(g);
    }

    /** The group whose workers are open below the tiles, or -1. */
    public int openGroup() {
        return open;
    }

    /** Shows the tenant's workers now: redraws the tiles of the groups that changed and the open group's glyphs. */
    public void update(List<NodeView> next, @Nullable String selectedNode) {
        int before = model.groups().size();
        BitSet changed = model.update(next);
        selected = selectedNode;
        if (model.groups().size() != before || canvases.isEmpty()) {
            layoutTiles(next);
            return;
        }
        for (int g = changed.nextSetBit(0); g >= 0; g = changed.nextSetBit(g + 1)) {
            drawTile(g);
        }
        if (drill != null) {
            drill.update(members(open), selected);
        }
    }

    private void layoutTiles(List<NodeView> nodes) {
        List<FleetGroups.Group> groups = model.groups();
        long cards = nodes.stream().mapToLong(n -> n.cards().size()).sum();
        caption.setText(String.format(Locale.ROOT, "%,d workers · %,d cards in %d groups of up to %d workers — "
                + "fleet view: each group's totals; click a group to see its workers", nodes.size(), cards,
                groups.size(), model.size()));
        canvases.clear();
        tips.clear();
        drawnLines.clear();
        for (int g = 0; g < groups.size(); g++) {
            drawnLines.add(List.of());
            Canvas c = new Canvas(TILE_W, TILE_H);
            c.getStyleClass().add("fleet-group");
            c.setCursor(Cursor.HAND);
            int index = g;
            c.setOnMouseClicked(e -> toggle(index));
            Tooltip tip = new Tooltip();
            tip.setWrapText(true);
            tip.setMaxWidth(560);
            Tooltip.install(c, tip);
            tips.add(tip);
            canvases.add(c);
        }
        tiles.getChildren().setAll(canvases);
        if (open >= groups.size()) {
            open = -1;
        }
        showDrill();
        redrawAll();
    }

    /** Opens group {@code g}'s workers below the tiles, or closes them when it is open. */
    public void toggle(int g) {
        int was = open;
        open = open == g ? -1 : g;
        showDrill();
        if (was >= 0) {
            drawTile(was);
        }
        if (open >= 0) {
            drawTile(open);
        }
    }

    private void showDrill() {
        getChildren().remove(drillCaption);
        if (drill != null) {
            getChildren().remove(drill);
            drill = null;
        }
        if (open < 0) {
            return;
        }
        FleetGroups.Group g = model.groups().get(open);
        drillCaption.setText("Group " + g.title() + " (" + g.members().length + " workers, " + g.shape()
                + "): a glyph per worker; click the group's tile again to close");
        drill = new CompactWorkers(vm, tenant, members(open), selected, width);
        getChildren().addAll(drillCaption, drill);
    }

    private List<NodeView> members(int g) {
        int[] m = model.groups().get(g).members();
        List<NodeView> l = new ArrayList<>(m.length);
        for (int i : m) {
            l.add(model.worker(i));
        }
        return l;
    }

    private void redrawAll() {
        if (!painter.begin()) {
            return;
        }
        for (int g = 0; g < canvases.size(); g++) {
            drawTile(g);
        }
    }

    private void drawTile(int g) {
        if (!painter.ready()) {
            return;
        }
        Canvas c = canvases.get(g);
        GraphicsContext gc = c.getGraphicsContext2D();
        // a full clear drops the canvas's queued drawing commands: a tile redrawn often keeps no backlog
        gc.clearRect(0, 0, TILE_W, TILE_H);
        painter.box(gc, 0, 0, TILE_W, TILE_H);
        boolean isOpen = g == open;
        double inset = isOpen ? 1 : 0.5;
        painter.edge(gc, inset, inset, TILE_W - 2 * inset, TILE_H - 2 * inset, isOpen ? painter.accent() : null);
        FleetGroups.Group group = model.groups().get(g);
        FleetGroups.Totals t = group.totals();
        List<String> lines = group.lines();
        double x = 8;
        double y = 16;
        gc.setFill(painter.text());
        gc.setFont(TITLE);
        gc.fillText(lines.get(0), x, y, TILE_W - 16);
        gc.setFont(BODY);
        for (int k = 1; k < lines.size(); k++) {
            y += LINE;
            boolean problem = k == 5;
            gc.setFill(problem ? CanvasPainter.ERROR : k == 1 ? painter.muted() : painter.text());
            gc.fillText(lines.get(k), x, y, TILE_W - 16);
            if (k == 3) {
                // card memory and compute as two bars under their line
                y += 4;
                double w = (TILE_W - 24) / 2.0;
                painter.bar(gc, x, y, w, 4, t.memPct() / 100, CanvasPainter.MEM);
                painter.bar(gc, x + w + 8, y, w, 4, t.corePct() / 100, CanvasPainter.MEM);
                y += 2;
            }
        }
        drawnLines.set(g, lines);
        tips.get(g).setText(group.meaning());
        tilesDrawn++;
    }
}
