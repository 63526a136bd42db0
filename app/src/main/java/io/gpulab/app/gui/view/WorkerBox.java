package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** A tenant worker: header with its lock, its cards, and any Running pods HAMi did not place. */
public final class WorkerBox extends VBox {

    public WorkerBox(WorkbenchViewModel vm, LabSnapshot s, TenantView tenant, NodeView node) {
        super(6);
        getStyleClass().add("worker-box");
        setMinWidth(0);
        setId("node-" + node.name());
        Label name = new Label(node.name());
        name.getStyleClass().add("worker-name");
        // CPU and memory are on the fill bars beside it; the slots are what the header adds
        Label spec = new Label(node.capacity().getOrDefault("nvidia.com/gpu", "0") + " GPU slots");
        spec.getStyleClass().add("muted");
        HBox title = new HBox(8, Icons.icon(Icons.SERVER, 14, "server-icon"), name, spec);
        title.setAlignment(Pos.CENTER_LEFT);
        // the fill bars follow on the same line when the worker is wide, on the next when it is narrow
        FlowPane head = new FlowPane(14, 4, title, new HostFill(node));
        head.setAlignment(Pos.CENTER_LEFT);
        head.prefWrapLengthProperty().bind(widthProperty().subtract(20));
        head.getStyleClass().add("worker-head");
        name.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().add(head);
        if (node.lock() != null && node.lock().held()) {
            HBox lock = new HBox(new LockBadge(node.name(), node.lock(), s.now()));
            getChildren().add(lock);
        }
        List<CardTile> tiles = node.cards().stream().map(c -> new CardTile(vm, tenant, node.name(), c)).toList();
        getChildren().add(new CardFlow(tiles));
        List<PodView> unproven = tenant.pods().stream()
                .filter(p -> node.name().equals(p.node()) && "Running".equals(p.phase()) && p.devices().isEmpty()
                        && p.gpuSlots() > 0)
                .toList();
        if (!unproven.isEmpty()) {
            FlowPane row = new FlowPane(4, 4);
            Label l = new Label("Placed by slots alone:");
            l.getStyleClass().add("caption");
            row.getChildren().add(l);
            unproven.forEach(p -> row.getChildren().add(new PodChip(vm, tenant.name(), p, "")));
            getChildren().add(row);
        }
        // wrapped, never cut: "kubelet down since ... : it posts no node status and..." hid what the fault does
        node.warnings().forEach(w -> getChildren().add(new WordWrapLabel("⚠ " + Formats.labText(w, s.now()),
                "warning-text", "node-warning")));
        Selection me = Selection.node(tenant.name(), node.name());
        if (me.equals(vm.selectionProperty().get())) {
            getStyleClass().add("selected");
        }
        setOnMouseClicked(e -> vm.selectionProperty().set(me));
        MenuItem unlock = new MenuItem("Remove node lock (lab workaround)");
        unlock.setOnAction(e -> vm.faults().unlock(tenant.name(), node.name()));
        unlock.setDisable(node.lock() == null || !node.lock().held());
        MenuItem restart = new MenuItem("Restart device plugin");
        restart.setOnAction(e -> vm.faults().restartPlugin(tenant.name(), node.name()));
        ContextMenu menu = new ContextMenu(unlock, restart);
        head.setOnContextMenuRequested(e -> menu.show(head, e.getScreenX(), e.getScreenY()));
    }
}
