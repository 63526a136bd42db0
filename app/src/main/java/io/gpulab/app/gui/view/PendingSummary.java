package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.PendingBadge;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * Pinned above the canvas, never scrolled away: each tenant's count of pending and refused pods. A
 * click scrolls the canvas to that tenant's pending lane, so a refused drop is never below the fold.
 */
public final class PendingSummary extends HBox {

    private final Consumer<String> reveal;
    private java.util.List<String> drawn = java.util.List.of();

    public PendingSummary(WorkbenchViewModel vm, Consumer<String> reveal) {
        super(6);
        this.reveal = reveal;
        getStyleClass().add("pending-summary");
        setId("pending-summary");
        setAlignment(Pos.CENTER_LEFT);
        vm.snapshotProperty().addListener((o, a, s) -> render(s));
        render(vm.snapshot());
    }

    private void render(LabSnapshot s) {
        java.util.List<String> counts = s.tenants().stream()
                .map(t -> t.name() + "=" + t.pods().stream().filter(PendingBadge::isPending).count() + "/"
                        + t.pods().stream().filter(PendingBadge::isRefused).count()).toList();
        // most changes (a clock tick, a placed pod) leave every count as it was: keep the buttons then
        if (counts.equals(drawn)) {
            return;
        }
        drawn = counts;
        Label title = new Label("PENDING");
        title.getStyleClass().add("section-title");
        title.setMinWidth(Label.USE_PREF_SIZE);
        getChildren().setAll(title);
        for (TenantView t : s.tenants()) {
            long n = t.pods().stream().filter(PendingBadge::isPending).count();
            long refused = t.pods().stream().filter(PendingBadge::isRefused).count();
            // a refused create is no pod waiting: it is counted apart, never as pending
            Button b = new Button(t.name() + "  " + (n - refused) + (refused == 0 ? "" : " · " + refused + " refused"));
            b.getStyleClass().addAll("pending-count", n == 0 ? "zero" : "nonzero");
            b.setId("pending-count-" + t.name());
            b.setMinWidth(0);
            b.setTooltip(new Tooltip(n == 0 ? t.name() + ": nothing waiting"
                    : t.name() + ": " + (n - refused) + " pending, " + refused + " refused — click to show them"));
            b.setOnAction(e -> reveal.accept(t.name()));
            getChildren().add(b);
        }
    }
}
