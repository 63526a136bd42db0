package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.ApiServerWords;
import io.gpulab.app.gui.vm.PendingBadge;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.VBox;
import org.jspecify.annotations.Nullable;

/**
 * One tenant: header with its fault switches, the webhook tunnel path, its workers (full tiles, or
 * compact glyphs past {@link #COMPACT_THRESHOLD} workers), and the pending lane. Dropping a template,
 * a Pod YAML file or Pod YAML text here submits it to this tenant; HAMi picks the card.
 */
public final class TenantPanel extends VBox {

    /**
     * Above this many workers the tiles would be thousands of nodes: one glyph per worker instead, on a few
     * canvas bands ({@link CompactWorkers}).
     */
    private static final int COMPACT_THRESHOLD = 12;

    /**
     * Above this many workers a glyph per worker is pages of scrolling (5,000 workers: ~260 rows): the fleet view's
     * group tiles instead, each group's glyphs a click away ({@link FleetView}).
     */
    static final int GROUPED_THRESHOLD = 1000;

    /** Whether {@code t} is drawn as compact glyphs or groups rather than full worker tiles. */
    public static boolean compact(TenantView t) {
        return t.nodes().size() > COMPACT_THRESHOLD;
    }

    /** Whether {@code t} is drawn as the fleet view's groups. */
    public static boolean grouped(TenantView t) {
        return t.nodes().size() > GROUPED_THRESHOLD;
    }

    private final WorkbenchViewModel vm;
    private final TenantHeader header;
    private final boolean compactTunnel;
    private final @Nullable CompactWorkers compact;
    private final @Nullable FleetView fleet;
    /** Each part of the panel with the inputs it was drawn from: equal inputs keep the part's nodes. */
    private final Map<String, Part> parts = new HashMap<>();

    private record Part(Object key, Node node) { }

    public TenantPanel(WorkbenchViewModel vm, LabSnapshot s, TenantView tenant, double width) {
        super(10);
        this.vm = vm;
        getStyleClass().add("tenant-panel");
        setId("tenant-" + tenant.name());
        setMinWidth(0);
        compactTunnel = width < TunnelPath.COMPACT_BELOW;
        header = new TenantHeader(vm, tenant, compactTunnel);
        // the panel's padding (14 each side) is all that stands between the glyph canvas and its edge
        fleet = grouped(tenant)
                ? new FleetView(vm, tenant.name(), tenant.nodes(), selectedNode(vm, tenant), width - 30) : null;
        compact = compact(tenant) && fleet == null
                ? new CompactWorkers(vm, tenant.name(), tenant.nodes(), selectedNode(vm, tenant), width - 30) : null;
        setupDrop(vm, tenant.name());
        update(s, tenant);
    }

    /** The API server's lines, each whole and wrapped: the first (what fails) red, the second (its pods) amber. */
    private static Node apiLines(String tenant, List<String> lines) {
        VBox box = new VBox(2);
        box.setId("api-" + tenant);
        for (int i = 0; i < lines.size(); i++) {
            box.getChildren().add(new WordWrapLabel((i == 0 ? "⚠ " : "") + lines.get(i), i == 0 ? "error-text"
                    : "warning-text"));
        }
        return box;
    }

    /** Whether this panel can show {@code tenant} by {@link #update}: same drawing form (tiles or glyphs). */
    public boolean fits(TenantView tenant) {
        return (fleet != null) == grouped(tenant) && (compact != null) == (compact(tenant) && !grouped(tenant));
    }

    /**
     * Shows the tenant's new state: the header is updated in place, every other part (warnings, tunnel,
     * pending lane, quotas, each worker) is rebuilt only when what it shows changed, so a pod landing on one
     * worker restyles and repaints that worker, not the tenant.
     */
    public void update(LabSnapshot s, TenantView tenant) {
        header.update(tenant);
        Selection sel = vm.selectionProperty().get();
        Selection inTenant = sel != null && sel.tenant().equals(tenant.name()) ? sel : null;
        List<Node> want = new ArrayList<>();
        want.add(header);
        Map<String, Part> next = new HashMap<>();
        // its API server when it does not serve, in the tenant's own panel: the band may be folded, and in the first
        // 30 s of a DataStore outage Kamaji reads Ready while nothing can be stored
        List<String> api = ApiServerWords.of(s, tenant);
        if (!api.isEmpty()) {
            want.add(part(next, "api", api, () -> apiLines(tenant.name(), api)));
        }
        // a real backend's reason for an incomplete tenant (refused credentials, unreachable, late first list)
        for (int i = 0; i < tenant.warnings().size(); i++) {
            String w = io.gpulab.app.gui.vm.Formats.labText(tenant.warnings().get(i), s.now());
            want.add(part(next, "warning-" + i, w, () -> {
                return new WordWrapLabel("⚠ " + w, "warning-text");
            }));
        }
        want.add(part(next, "tunnel", List.of(tenant.tunnel(), tenant.controlPlane(), tenant.webhookFailurePolicy()),
                () -> new TunnelPath(tenant, compactTunnel)));
        // the pending lane sits right under the header: a refused drop shows its reason where the pod was dropped
        List<PodView> pending = tenant.pods().stream().filter(PendingBadge::isPending).toList();
        want.add(part(next, "pending", Arrays.asList(pending, inTenant), () -> new PendingLane(vm, tenant)));
        if (!tenant.quotas().isEmpty()) {
            want.add(part(next, "quotas", tenant.quotas(), () -> new QuotaFillView(tenant)));
        }
        if (fleet != null) {
            fleet.update(tenant.nodes(), selectedNode(vm, tenant));
            want.add(fleet);
        } else if (compact != null) {
            compact.update(tenant.nodes(), selectedNode(vm, tenant));
            want.add(compact);
        } else {
            for (NodeView n : tenant.nodes()) {
                List<PodView> here = tenant.pods().stream().filter(p -> n.name().equals(p.node())
                        || n.cards().stream().anyMatch(c -> c.pods().contains(p.key()))).toList();
                boolean lockHeld = n.lock() != null && n.lock().held();
                Object key = Arrays.asList(n, here, concerns(inTenant, n, here) ? inTenant : null,
                        lockHeld ? s.now() : null);
                want.add(part(next, "node-" + n.name(), key, () -> new WorkerBox(vm, s, tenant, n)));
            }
        }
        parts.clear();
        parts.putAll(next);
        place(want);
        boolean me = new Selection(Selection.Kind.TENANT, tenant.name(), tenant.name()).equals(sel);
        if (me != getStyleClass().contains("selected")) {
            if (me) {
                getStyleClass().add("selected");
            } else {
                getStyleClass().remove("selected");
            }
        }
    }

    private Node part(Map<String, Part> next, String id, Object key, Supplier<Node> build) {
        Part old = parts.get(id);
        Part p = old != null && old.key().equals(key) ? old : new Part(key, build.get());
        next.put(id, p);
        return p.node();
    }

    /** Puts the parts in order, touching only the places that changed (re-adding a kept node restyles it). */
    private void place(List<Node> want) {
        javafx.collections.ObservableList<Node> have = getChildren();
        boolean inPlace = have.size() == want.size();
        for (int i = 0; inPlace && i < want.size(); i++) {
            inPlace = have.get(i) == want.get(i) || want.get(i).getParent() == null;
        }
        if (!inPlace) {
            have.setAll(want);
            return;
        }
        for (int i = 0; i < want.size(); i++) {
            if (have.get(i) != want.get(i)) {
                have.set(i, want.get(i));
            }
        }
    }

    /** Whether a selection changes how this worker is drawn (it, one of its cards or one of its pods). */
    private static boolean concerns(@Nullable Selection sel, NodeView n, List<PodView> here) {
        if (sel == null) {
            return false;
        }
        return switch (sel.kind()) {
            case NODE -> sel.id().equals(n.name());
            case CARD -> n.cards().stream().anyMatch(c -> c.id().equals(sel.id()));
            case POD -> here.stream().anyMatch(p -> p.key().equals(sel.id()));
            default -> false;
        };
    }

    private static @Nullable String selectedNode(WorkbenchViewModel vm, TenantView tenant) {
        Selection sel = vm.selectionProperty().get();
        return sel != null && sel.kind() == Selection.Kind.NODE && sel.tenant().equals(tenant.name()) ? sel.id() : null;
    }

    private void setupDrop(WorkbenchViewModel vm, String tenant) {
        setOnDragOver(e -> {
            if (Dnd.acceptable(e.getDragboard())) {
                e.acceptTransferModes(TransferMode.COPY);
                pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("drop"), true);
            }
            e.consume();
        });
        setOnDragExited(e -> pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("drop"), false));
        setOnDragDropped(e -> {
            e.setDropCompleted(drop(vm, tenant, e.getDragboard()));
            e.consume();
        });
    }

    private static boolean drop(WorkbenchViewModel vm, String tenant, Dragboard board) {
        var template = Dnd.template(board);
        if (template.isPresent()) {
            vm.submitTemplate(template.get(), tenant, null);
            return true;
        }
        if (board.hasFiles()) {
            for (var f : board.getFiles()) {
                try {
                    vm.submitYaml(tenant, f.getName(), Files.readString(f.toPath(), StandardCharsets.UTF_8));
                } catch (IOException ex) {
                    vm.submitYaml(tenant, f.getName(), "");
                }
            }
            return true;
        }
        if (board.hasString()) {
            vm.submitYaml(tenant, "dropped text", board.getString());
            return true;
        }
        return false;
    }
}
