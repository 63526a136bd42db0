package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ManagementView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.DragEvent;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.jspecify.annotations.Nullable;

/**
 * The topology canvas: management cluster on top, tenants below. Each snapshot updates the tenant panels in
 * place: a panel whose inputs did not change keeps its nodes, a changed one rebuilds only the parts that changed
 * ({@link TenantPanel#update}); large tenants switch to compact glyphs.
 */
public final class TopologyView extends ScrollPane {

    /** Tenants sit side by side while each gets at least this width (a card tile plus margins). */
    static final double MIN_PANEL = 340;
    static final double GAP = 12;
    /** The content's padding (workbench.css .topology-content). */
    static final double PAD = 12;

    private final WorkbenchViewModel vm;
    private final VBox content = new VBox(12);
    private final Map<String, Drawn> drawn = new HashMap<>();
    private final FlowPane tenants = new FlowPane(GAP, GAP);
    private @Nullable ManagementKey managementKey;
    private final BooleanProperty managementOpen = new SimpleBooleanProperty(true);
    /** What {@link #holdInView} keeps in view (top id, bottom id) until the user scrolls, or null. */
    private String @Nullable [] held;
    /** The canvas is being scrolled by {@link #bringIntoView}, not by the user. */
    private boolean scrollingItself;
    /** A re-reveal of {@link #held} is due after the layout pass that changed a height. */
    private boolean keepQueued;
    /** A height changed and the canvas has not been re-revealed yet: a vvalue change meanwhile is the skin's. */
    private boolean settling;

    /** What the management band was drawn from. */
    private record ManagementKey(ManagementView management, List<ControlPlaneView> planes,
                                 @Nullable Selection selection, boolean open) { }

    /** What a tenant panel was drawn from; equal inputs give an identical panel. */
    private record Drawn(TenantView tenant, @Nullable Selection selection, @Nullable Instant now, double width,
                         @Nullable TenantPanel panel) {
        boolean sameAs(Drawn o) {
            return same(tenant, o.tenant) && Objects.equals(selection, o.selection) && Objects.equals(now, o.now)
                    && width == o.width;
        }

        Drawn with(TenantPanel p) {
            return new Drawn(tenant, selection, now, width, p);
        }
    }

    /**
     * Whether two views of a tenant are equal, comparing workers and pods by reference first: the engine hands an
     * unchanged worker or pod again as the same object, so a 5,000-worker tenant is a pass of reference compares,
     * not a deep comparison of 40,000 cards (records compare field by field, with no shortcut for the same object).
     */
    static boolean same(TenantView a, TenantView b) {
        return a == b || a.name().equals(b.name()) && sameItems(a.nodes(), b.nodes()) && sameItems(a.pods(), b.pods())
                && a.controlPlane().equals(b.controlPlane()) && a.tunnel().equals(b.tunnel())
                && a.webhookFailurePolicy().equals(b.webhookFailurePolicy()) && a.warnings().equals(b.warnings())
                && a.quotas().equals(b.quotas());
    }

    private static boolean sameItems(List<?> a, List<?> b) {
        if (a == b) {
            return true;
        }
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x != y && !x.equals(y)) {
                return false;
            }
        }
        return true;
    }

    public TopologyView(WorkbenchViewModel vm) {
        this.vm = vm;
        initializeParts();
        setupValueChangedListeners();
        render(vm.snapshot());
    }

    private void initializeParts() {
        getStyleClass().add("topology");
        content.getStyleClass().add("topology-content");
        tenants.getStyleClass().add("tenants");
        setContent(content);
        setFitToWidth(true);
        setId("topology");
        // the skin caches its viewport as one picture: a tile redrawn or a label changed inside it rendered the
        // whole visible topology into that picture again and then drew the picture, every frame of a lab change
        skinProperty().addListener((o, old, skin) -> getChildrenUnmodifiable().stream()
                .filter(n -> n.getStyleClass().contains("viewport")).forEach(n -> n.setCache(false)));
    }

    private void setupValueChangedListeners() {
        viewportBoundsProperty().addListener((o, a, b) -> {
            if (a == null || Math.abs(a.getWidth() - b.getWidth()) > 1) {
                render(vm.snapshot());
            }
        });
        vm.snapshotProperty().addListener((o, a, s) -> render(s));
        vm.selectionProperty().addListener((o, a, b) -> render(vm.snapshot()));
        managementOpen.addListener((o, a, b) -> render(vm.snapshot()));
        // the vvalue is a fraction of (content height - view height). The skin keeps the pixel offset when the
        // content's height changes (it moves the vvalue itself, clamped to the end), but not when the view's does
        // (the pending bar above or the timeline below taking height from it), and nothing keeps a target in view
        // when what is drawn above it changes height (the band opened, a tenant above redrawn): a target just
        // brought into view drifted out of it. Registered before the skin's own listener (the skin comes later).
        content.layoutBoundsProperty().addListener((o, a, b) -> {
            if (a.getHeight() != b.getHeight()) {
                keepHeld();
            }
        });
        viewportBoundsProperty().addListener((o, a, b) -> {
            if (a == null || a.getHeight() != b.getHeight()) {
                keepHeld();
            }
        });
        // the user's own scroll (wheel, bar, keys, a pending count clicked) ends the hold: never fight it. The
        // skin's re-fit to a new height is not the user's.
        vvalueProperty().addListener((o, a, b) -> {
            if (!scrollingItself && !settling) {
                held = null;
            }
        });
        // a wheel turn against the canvas's end changes no value, and still says where the user wants it; a press
        // or a key on the canvas is the user's hand on it (the band folded after scrolling up to its toggle must not
        // bring a tall tenant's top back over the toggle)
        addEventFilter(ScrollEvent.SCROLL, e -> held = null);
        addEventFilter(MouseEvent.MOUSE_PRESSED, e -> held = null);
        addEventFilter(KeyEvent.KEY_PRESSED, e -> held = null);
        addEventFilter(DragEvent.DRAG_DROPPED, e -> held = null);
        Runnable after = this::afterLayout;
        sceneProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removePostLayoutPulseListener(after);
            }
            if (b != null) {
                b.addPostLayoutPulseListener(after);
            }
        });
    }

    /**
     * {@link #bringIntoView} now, and again whenever the content's or the view's height changes, until the user
     * scrolls, presses on or types into the canvas, or {@link #release} (the next step begins, or the step changes
     * without the trainee's hand).
     */
    public void holdInView(String topId, String bottomId) {
        held = new String[] {topId, bottomId};
        bringIntoView(topId, bottomId);
    }

    /** Ends {@link #holdInView}: the canvas stays where it is. */
    public void release() {
        held = null;
    }

    /** Whether a step's target is being held in view. */
    boolean holding() {
        return held != null;
    }

    private void keepHeld() {
        if (held == null) {
            return;
        }
        settling = true;
        keepQueued = true;
        Platform.requestNextPulse();
    }

    /**
     * After each layout pass, before the frame is drawn: the height changed in that pass is re-revealed in the same
     * frame (scrolling inside the pass would lay out a half-laid scene, and a later runnable let a frame, and a
     * reader, see the target out of view).
     */
    private void afterLayout() {
        if (!keepQueued) {
            return;
        }
        keepQueued = false;
        settling = false;
        String[] h = held;
        if (h != null) {
            bringIntoView(h[0], h[1]);
        }
    }

    /** Whether the management band shows its services and control planes or only its summary line. */
    public BooleanProperty managementOpenProperty() {
        return managementOpen;
    }

    /** Scrolls so the tenant's pending lane is in view. */
    public void reveal(String tenant) {
        Node lane = content.lookup("#pending-" + tenant);
        Node panel = content.lookup("#tenant-" + tenant);
        if (lane == null || panel == null) {
            return;
        }
        layout();
        double y = content.sceneToLocal(lane.localToScene(lane.getLayoutBounds())).getMinY();
        double room = content.getLayoutBounds().getHeight() - getViewportBounds().getHeight();
        // the panel's header stays in view above the lane
        setVvalue(room <= 0 ? 0 : Math.max(0, Math.min(1, (y - 90) / room)));
    }

    /**
     * Scrolls the least that shows the drawn nodes from the top of {@code #topId} to the bottom of {@code #bottomId}
     * whole, or from that top when they are taller than the view; a canvas that shows them whole already, or does not
     * draw them, is left where it is. Returns whether it scrolled.
     */
    public boolean bringIntoView(String topId, String bottomId) {
        Node first = content.lookup("#" + topId);
        Node last = content.lookup("#" + bottomId);
        if (first == null || last == null) {
            return false;
        }
        // the whole scene: the canvas's height is given by the window around it (the pending bar above it, the
        // timeline below it), so laying out the canvas alone measured the view at its height before this change
        Parent root = getScene() == null ? this : getScene().getRoot();
        root.applyCss();
        root.layout();
        double top = content.sceneToLocal(first.localToScene(first.getLayoutBounds())).getMinY();
        double bottom = content.sceneToLocal(last.localToScene(last.getLayoutBounds())).getMaxY();
        double view = getViewportBounds().getHeight();
        double room = content.getLayoutBounds().getHeight() - view;
        double shownFrom = room <= 0 ? 0 : (getVvalue() - getVmin()) / (getVmax() - getVmin()) * room;
        // half a pixel: a node drawn exactly at the view's edge is in view
        if (room <= 0 || top >= shownFrom - 0.5 && bottom <= shownFrom + view + 0.5) {
            return false;
        }
        double y = top < shownFrom || bottom - top > view ? top : bottom - view;
        scrollingItself = true;
        try {
            setVvalue(getVmin() + (getVmax() - getVmin()) * Math.max(0, Math.min(1, y / room)));
        } finally {
            scrollingItself = false;
        }
        return true;
    }

    /** Whether the canvas draws a node with this id. */
    public boolean draws(String id) {
        return content.lookup("#" + id) != null;
    }

    /** The node that exports snapshot: the whole drawn topology, not just the visible viewport. */
    public Node snapshotTarget() {
        return content;
    }

    private @Nullable Selection selectionIn(TenantView t) {
        Selection sel = vm.selectionProperty().get();
        return sel != null && sel.tenant().equals(t.name()) ? sel : null;
    }

    private static boolean lockHeld(TenantView t) {
        return t.nodes().stream().anyMatch(n -> n.lock() != null && n.lock().held());
    }

    private void render(LabSnapshot s) {
        double available = Math.max(MIN_PANEL, getViewportBounds().getWidth() - 2 * PAD);
        // a compact (glyph) tenant takes a row of its own: only the tiled tenants share rows, so a lone small
        // tenant next to a 1,000-worker fleet spans the width instead of leaving half of it empty
        long tiled = s.tenants().stream().filter(t -> !TenantPanel.compact(t)).count();
        int perRow = Math.max(1, Math.min((int) Math.max(1, tiled), (int) ((available + GAP) / (MIN_PANEL + GAP))));
        double width = Math.floor((available - GAP * (perRow - 1)) / perRow);
        Map<String, Drawn> next = new HashMap<>();
        List<Node> panels = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            double w = TenantPanel.compact(t) ? Math.max(width, available) : width;
            // a full-tile panel only depends on its width through the tunnel's compact form: a scroll bar
            // coming or going resizes the existing panel instead of rebuilding it
            double drawnWidth = TenantPanel.compact(t) ? w
                    : w < TunnelPath.COMPACT_BELOW ? 0 : 1;
            Drawn key = new Drawn(t, selectionIn(t), lockHeld(t) ? s.now() : null, drawnWidth, null);
            Drawn prev = drawn.get(t.name());
            // an unchanged tenant keeps its nodes: with 1,000 workers most frames touch one tenant at most; a
            // changed one keeps them too and redraws only the parts (workers, lane, header) that changed
            TenantPanel p;
            if (prev != null && prev.sameAs(key)) {
                p = prev.panel();
            } else if (prev != null && prev.width() == drawnWidth && prev.panel().fits(t)) {
                p = prev.panel();
                p.update(s, t);
            } else {
                p = new TenantPanel(vm, s, t, w);
            }
            p.setPrefWidth(w);
            p.setMinWidth(w);
            next.put(t.name(), key.with(p));
            panels.add(p);
        }
        drawn.clear();
        drawn.putAll(next);
        // replace only what changed: re-parenting an unchanged panel would re-run CSS on its whole subtree
        if (!tenants.getChildren().equals(panels)) {
            tenants.getChildren().setAll(panels);
        }
        List<ControlPlaneView> planes = s.tenants().stream().map(TenantView::controlPlane).toList();
        ManagementKey mk = new ManagementKey(s.management(), planes, vm.selectionProperty().get(),
                managementOpen.get());
        if (!mk.equals(managementKey) || content.getChildren().isEmpty()) {
            managementKey = mk;
            content.getChildren().setAll(new ManagementBand(vm, s, managementOpen.get(),
                    () -> managementOpen.set(!managementOpen.get())), tenants);
        }
    }
}
