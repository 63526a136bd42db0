package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.FleetGroups;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.NodeView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.scene.Cursor;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
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

    private static final Color TEXT = Color.web("#1f2328");
    private static final Color TEXT_DARK = Color.web("#e6edf3");
    private static final Color MUTED = Color.web("#57606a");
    private static final Color MUTED_DARK = Color.web("#9aa5b1");
    private static final Color TILE = Color.WHITE;
    private static final Color TILE_DARK = Color.web("#1d232a");
    private static final Color EDGE = Color.web("#cfd6df");
    private static final Color EDGE_DARK = Color.web("#313a45");
    private static final Color OPEN = Color.web("#2563c9");
    private static final Color OPEN_DARK = Color.web("#5b93f0");
    private static final Color TRACK = Color.web("#e3e8ef");
    private static final Color TRACK_DARK = Color.web("#2c343e");
    private static final Color MEM = Color.web("#3b73d9");
    private static final Color WARN = Color.web("#c98a12");
    private static final Color ERROR = Color.web("#cf3b3b");
    private static final Font TITLE = Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, 12);
    private static final Font BODY = Font.font(Font.getDefault().getFamily(), 11);

    private final WorkbenchViewModel vm;
    private final String tenant;
    private final double width;
    private final FleetGroups model = new FleetGroups();
    private final Label caption = new Label();
    private final FlowPane tiles = new FlowPane(6, 6);
    private final List<Canvas> canvases = new ArrayList<>();
    private final Label drillCaption = new Label();
    private @Nullable CompactWorkers drill;
    private int open = -1;
    private @Nullable String selected;
    private boolean dark;
    private boolean stale;
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
        getChildren().addAll(caption, tiles);
        ListChangeListener<String> themeSwitched = c -> redrawAll(getScene());
        sceneProperty().addListener((o, old, scene) -> {
            if (old != null) {
                old.getStylesheets().removeListener(themeSwitched);
            }
            if (scene != null) {
                scene.getStylesheets().addListener(themeSwitched);
                if (stale || Theme.isDark(scene) != dark) {
                    redrawAll(scene);
                }
            }
        });
        update(nodes, selected);
    }

    /** The groups and their totals as shown. */
    public FleetGroups groups() {
        return model;
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
        for (int g = 0; g < groups.size(); g++) {
            Canvas c = new Canvas(TILE_W, TILE_H);
            c.getStyleClass().add("fleet-group");
            c.setCursor(Cursor.HAND);
            int index = g;
            c.setOnMouseClicked(e -> toggle(index));
            canvases.add(c);
        }
        tiles.getChildren().setAll(canvases);
        if (open >= groups.size()) {
            open = -1;
        }
        showDrill();
        redrawAll(getScene());
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

    private void redrawAll(@Nullable Scene scene) {
        if (scene == null) {
            stale = true;
            return;
        }
        stale = false;
        dark = Theme.isDark(scene);
        for (int g = 0; g < canvases.size(); g++) {
            drawTile(g);
        }
    }

    private void drawTile(int g) {
        if (getScene() == null) {
            stale = true;
            return;
        }
        Canvas c = canvases.get(g);
        GraphicsContext gc = c.getGraphicsContext2D();
        // a full clear drops the canvas's queued drawing commands: a tile redrawn often keeps no backlog
        gc.clearRect(0, 0, TILE_W, TILE_H);
        gc.setFill(dark ? TILE_DARK : TILE);
        gc.fillRect(0, 0, TILE_W, TILE_H);
        boolean isOpen = g == open;
        gc.setStroke(isOpen ? (dark ? OPEN_DARK : OPEN) : dark ? EDGE_DARK : EDGE);
        gc.setLineWidth(isOpen ? 2 : 1);
        gc.strokeRect(isOpen ? 1 : 0.5, isOpen ? 1 : 0.5, TILE_W - (isOpen ? 2 : 1), TILE_H - (isOpen ? 2 : 1));
        FleetGroups.Group group = model.groups().get(g);
        FleetGroups.Totals t = group.totals();
        List<String> lines = group.lines();
        double x = 8;
        double y = 16;
        gc.setFill(dark ? TEXT_DARK : TEXT);
        gc.setFont(TITLE);
        gc.fillText(lines.get(0), x, y, TILE_W - 16);
        gc.setFont(BODY);
        for (int k = 1; k < lines.size(); k++) {
            y += LINE;
            boolean problem = k == 5;
            gc.setFill(problem ? ERROR : k == 1 ? (dark ? MUTED_DARK : MUTED) : dark ? TEXT_DARK : TEXT);
            gc.fillText(lines.get(k), x, y, TILE_W - 16);
            if (k == 3) {
                // card memory and compute as two bars under their line
                y += 4;
                bar(gc, x, y, (TILE_W - 24) / 2.0, t.memPct());
                bar(gc, x + (TILE_W - 24) / 2.0 + 8, y, (TILE_W - 24) / 2.0, t.corePct());
                y += 2;
            }
        }
        tilesDrawn++;
    }

    private void bar(GraphicsContext gc, double x, double y, double w, double pct) {
        double f = Math.max(0, Math.min(1, pct / 100));
        gc.setFill(dark ? TRACK_DARK : TRACK);
        gc.fillRect(x, y, w, 4);
        gc.setFill(f >= 0.9 ? WARN : MEM);
        gc.fillRect(x, y, Math.round(w * f), 4);
    }
}
