package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.PendingBadge;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The tenant's pods that are not running, each with its rejection reason badge. */
public final class PendingLane extends VBox {

    public PendingLane(WorkbenchViewModel vm, TenantView tenant) {
        super(6);
        getStyleClass().add("pending-lane");
        setId("pending-" + tenant.name());
        List<PodView> pending = tenant.pods().stream().filter(PendingBadge::isPending).toList();
        Label title = new Label("PENDING & REJECTED");
        title.getStyleClass().add("section-title");
        Label count = new Label(String.valueOf(pending.size()));
        count.getStyleClass().addAll("count-badge", pending.isEmpty() ? "zero" : "nonzero");
        HBox head = new HBox(6, title, count);
        head.setAlignment(Pos.CENTER_LEFT);
        if (pending.isEmpty()) {
            // nothing waiting: one line, so the lane costs no height until a pod is refused
            Label none = new Label("nothing waiting");
            // a statement about the lab, not a hint: slides and projectors show it
            none.getStyleClass().add("note");
            head.getChildren().add(none);
            getStyleClass().add("empty");
            getChildren().add(head);
            return;
        }
        FlowPane chips = new FlowPane(6, 6);
        chips.prefWrapLengthProperty().bind(widthProperty());
        // a FlowPane's least width is its widest chip's: the lane, and so the chip, ran past the tenant's panel
        chips.setMinWidth(0);
        // a chip is never wider than the lane: a kube-scheduler sentence as the badge ("node(s) had untolerated taint
        // {node.kubernetes.io/unreachable: }") ran past the tenant's panel; the badge gives way, whole on hover
        pending.forEach(p -> {
            PodChip chip = new PodChip(vm, tenant.name(), p, "");
            chip.maxWidthProperty().bind(chips.widthProperty());
            chips.getChildren().add(chip);
        });
        getChildren().addAll(head, chips);
    }
}
