package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.PendingBadge;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.PodView;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.util.Duration;

/**
 * A pod as a small chip: its name and share. Pending pods carry their reason badge; a Running pod
 * without HAMi's allocation is flagged, because then Running proves nothing about HAMi.
 */
public final class PodChip extends HBox {

    public PodChip(WorkbenchViewModel vm, String tenant, PodView pod, String share) {
        super(6);
        getStyleClass().add("pod-chip");
        setId("pod-" + pod.name());
        Label name = new Label(pod.name());
        name.getStyleClass().add("pod-name");
        getChildren().add(name);
        if (PendingBadge.isPending(pod)) {
            getStyleClass().add("pending");
            Label badge = new Label(PendingBadge.badge(pod));
            badge.getStyleClass().addAll("reason-badge", "Rejected".equals(pod.phase()) ? "refused" : "waiting");
            badge.setId("reason-" + pod.name());
            // the name stays whole; the badge is what gives way in a narrow lane, so its tooltip starts with it
            name.setMinWidth(Label.USE_PREF_SIZE);
            String explain = PendingBadge.explain(pod);
            String whole = explain.startsWith(badge.getText()) ? explain
                    : badge.getText() + (explain.isEmpty() ? "" : "\n\n" + explain);
            Tooltip why = new Tooltip(whole);
            why.setWrapText(true);
            why.setMaxWidth(420);
            why.setShowDelay(Duration.millis(250));
            // the reason in words from the lab's numbers, asked when the tooltip shows (not for every chip on
            // every refresh), above what the code means in general
            why.setOnShowing(e -> vm.pods().plainReason(tenant, pod.key()).ifPresent(w -> why.setText(
                    PendingBadge.inWords(w) + "\n\n" + whole)));
            badge.setTooltip(why);
            getChildren().add(badge);
        } else if (!share.isEmpty()) {
            Label s = new Label(share);
            s.getStyleClass().add("pod-share");
            getChildren().add(s);
        }
        if ("Running".equals(pod.phase()) && !pod.hamiAllocated() && pod.gpuSlots() > 0) {
            getStyleClass().add("unproven");
            Label warn = new Label("no HAMi allocation");
            warn.getStyleClass().addAll("reason-badge", "warning");
            getChildren().add(warn);
        }
        String detail = PendingBadge.detail(pod);
        String head = pod.key() + " · " + pod.phase() + " · " + pod.schedulerName()
                + (detail.isEmpty() ? "" : "\n" + detail);
        Tooltip tip = new Tooltip(head);
        tip.setShowDelay(Duration.millis(250));
        if (PendingBadge.isPending(pod)) {
            tip.setWrapText(true);
            tip.setMaxWidth(480);
            tip.setOnShowing(e -> vm.pods().plainReason(tenant, pod.key()).ifPresent(w -> tip.setText(head + "\n\n"
                    + PendingBadge.inWords(w))));
        }
        Tooltip.install(this, tip);
        Selection me = Selection.pod(tenant, pod.key());
        if (me.equals(vm.selectionProperty().get())) {
            getStyleClass().add("selected");
        }
        setOnMouseClicked(e -> {
            vm.selectionProperty().set(me);
            e.consume();
        });
        MenuItem delete = new MenuItem("Delete pod");
        delete.setOnAction(e -> vm.deletePod(tenant, pod.key()));
        ContextMenu menu = new ContextMenu(delete);
        setOnContextMenuRequested(e -> {
            menu.show(this, e.getScreenX(), e.getScreenY());
            e.consume();
        });
    }
}
