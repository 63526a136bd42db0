package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.PendingBadge;
import io.gpulab.app.gui.vm.StatusKind;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.controlsfx.control.StatusBar;

/** The status bar: last action's outcome (coloured by tone), pod counts, shortcut hint. */
public final class StatusBarView extends StatusBar {

    private final Region dot = new Region();
    private final Label counts = new Label();

    public StatusBarView(WorkbenchViewModel vm) {
        getStyleClass().add("lab-status");
        setId("status");
        textProperty().bind(vm.statusProperty());
        dot.getStyleClass().addAll("status-dot", "info");
        getLeftItems().add(dot);
        Label keys = new Label("Ctrl+Z undo · Del delete · F5 play · F7 +5 min · Ctrl+U unlock · Ctrl+V paste YAML");
        keys.getStyleClass().add("muted");
        getRightItems().addAll(counts, new Label("   "), keys);
        vm.statusKindProperty().addListener((o, a, k) -> tone(k));
        vm.snapshotProperty().addListener((o, a, s) -> counts(s));
        counts(vm.snapshot());
    }

    private void tone(StatusKind k) {
        dot.getStyleClass().removeAll("info", "ok", "warn", "error");
        dot.getStyleClass().add(switch (k) {
            case OK -> "ok";
            case WARNING -> "warn";
            case ERROR -> "error";
            case INFO -> "info";
        });
    }

    private void counts(LabSnapshot s) {
        long running = 0;
        long pending = 0;
        for (TenantView t : s.tenants()) {
            running += t.pods().stream().filter(p -> "Running".equals(p.phase())).count();
            pending += t.pods().stream().filter(PendingBadge::isPending).count();
        }
        counts.setText(running + " running · " + pending + " pending · v" + s.version());
    }
}
