package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import javafx.geometry.Pos;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One tenant: header with its fault switches, the webhook tunnel path, its workers (full tiles, or
 * compact glyphs past {@link #COMPACT_THRESHOLD} workers), and the pending lane. Dropping a template,
 * a Pod YAML file or Pod YAML text here submits it to this tenant; HAMi picks the card.
 */
public final class TenantPanel extends VBox {

    /** Above this many workers the tiles would be thousands of nodes: draw glyphs on one canvas. */
    public static final int COMPACT_THRESHOLD = 12;

    public TenantPanel(WorkbenchViewModel vm, LabSnapshot s, TenantView tenant, double width) {
        super(10);
        getStyleClass().add("tenant-panel");
        setId("tenant-" + tenant.name());
        setMinWidth(0);
        // the pending lane sits right under the header: a refused drop shows its reason where the pod was dropped
        getChildren().addAll(header(vm, tenant), new TunnelPath(tenant, width < TunnelPath.COMPACT_BELOW),
                new PendingLane(vm, tenant));
        if (!tenant.quotas().isEmpty()) {
            getChildren().add(new QuotaFillView(tenant));
        }
        // a real backend's reason for an incomplete tenant (refused credentials, unreachable, late first list)
        int at = 1;
        for (String w : tenant.warnings()) {
            Label warn = new Label("⚠ " + w);
            warn.getStyleClass().add("warning-text");
            warn.setWrapText(true);
            getChildren().add(at++, warn);
        }
        if (tenant.nodes().size() > COMPACT_THRESHOLD) {
            // the panel's padding (14 each side) is all that stands between the glyph canvas and its edge
            getChildren().add(new CompactWorkers(vm, s, tenant, width - 30));
        } else {
            for (NodeView n : tenant.nodes()) {
                getChildren().add(new WorkerBox(vm, s, tenant, n));
            }
        }
        setupDrop(vm, tenant.name());
        Selection me = new Selection(Selection.Kind.TENANT, tenant.name(), tenant.name());
        if (me.equals(vm.selectionProperty().get())) {
            getStyleClass().add("selected");
        }
    }

    private static HBox header(WorkbenchViewModel vm, TenantView tenant) {
        Label name = new Label(tenant.name());
        name.getStyleClass().add("tenant-name");
        name.setMinWidth(Region.USE_PREF_SIZE);
        name.setOnMouseClicked(e -> vm.selectionProperty().set(
                new Selection(Selection.Kind.TENANT, tenant.name(), tenant.name())));
        long running = tenant.pods().stream().filter(p -> "Running".equals(p.phase())).count();
        Label pods = Texts.clipped(running + " running · " + tenant.nodes().size() + " worker"
                + (tenant.nodes().size() == 1 ? "" : "s"), "muted");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        ToggleButton agents = new ToggleButton(tenant.tunnel().agentsUp() ? "Konnectivity up" : "Konnectivity down");
        agents.setSelected(!tenant.tunnel().agentsUp());
        agents.getStyleClass().addAll("fault-toggle", tenant.tunnel().agentsUp() ? "on" : "off");
        agents.setId("konnectivity-" + tenant.name());
        agents.setTooltip(new Tooltip("Fault: take this tenant's Konnectivity agents down / bring them back"));
        agents.setOnAction(e -> vm.faults().setKonnectivity(tenant.name(), !tenant.tunnel().agentsUp()));
        agents.setMinWidth(Region.USE_PREF_SIZE);
        ChoiceBox<String> policy = new ChoiceBox<>();
        policy.getItems().addAll("Ignore", "Fail");
        policy.setValue(tenant.webhookFailurePolicy());
        policy.setId("policy-" + tenant.name());
        policy.setTooltip(new Tooltip("HAMi webhook failurePolicy: Ignore admits pods unchanged when the webhook is "
                + "unreachable, Fail refuses them"));
        policy.setMinWidth(Region.USE_PREF_SIZE);
        policy.setOnAction(e -> {
            if (!policy.getValue().equals(tenant.webhookFailurePolicy())) {
                vm.faults().setWebhookPolicy(tenant.name(), policy.getValue());
            }
        });
        HBox h = new HBox(10, name, pods, grow, policy, agents);
        h.setAlignment(Pos.CENTER_LEFT);
        h.getStyleClass().add("tenant-header");
        h.setId("tenant-header-" + tenant.name());
        return h;
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
