package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.StatusKind;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.metrics.PodCounts;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The status bar: last action's outcome (coloured by tone), pod counts, shortcut hint. The shortcut hint gives way
 * first (it is also in the menus), then the message (ellipsized, full text on hover); the counts always show. The
 * message is the outcome a trainer reads out ("8 checks passed"): it was cut at 1280x720 while the hint kept its room.
 */
public final class StatusBarView extends HBox {

    private final Region dot = new Region();
    private final Label message = Texts.clipped("");
    private final Label counts = new Label();
    /** The control planes whose API servers refuse requests, said beside the counts as the band says it. */
    private final Label refusing = new Label();
    private final Hyperlink folder = new Hyperlink("Open folder");
    /** A readable start of the message when even the counts leave no room. */
    private static final double MESSAGE_FLOOR = 160;
    /** The refusing count's start ("2 cont…") when the counts and the message's floor leave no more. */
    private static final double REFUSING_FLOOR = 60;

    public StatusBarView(WorkbenchViewModel vm) {
        super(8);
        getStyleClass().add("lab-status");
        setId("status");
        setAlignment(Pos.CENTER_LEFT);
        message.textProperty().bind(vm.statusProperty());
        message.setId("status-message");
        dot.getStyleClass().addAll("status-dot", "info");
        dot.setMinSize(8, 8);
        counts.setId("status-counts");
        counts.setMinWidth(Region.USE_PREF_SIZE);
        Label keys = Texts.clipped("Ctrl+Z undo · Del delete · Ctrl+Enter play scenario · F5 clock · F7 +5 min · "
                + "Ctrl+U unlock · Ctrl+V paste YAML", "muted", "key-hints");
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        keys.setMinWidth(0);
        folder.setId("open-folder");
        folder.setMinWidth(Region.USE_PREF_SIZE);
        folder.visibleProperty().bind(vm.writtenProperty().isNotNull());
        folder.managedProperty().bind(folder.visibleProperty());
        folder.setOnAction(e -> {
            var file = vm.writtenProperty().get();
            if (file != null && file.getParent() != null) {
                OpenFolder.open(file.getParent());
            }
        });
        refusing.setId("status-control-planes");
        refusing.getStyleClass().add("status-refusing");
        // it gives way before the counts (ellipsized, its words first on hover): in presentation type at 1024x768
        // its whole width beside the counts made the bar, and so the window's content, wider than the screen
        refusing.managedProperty().bind(refusing.visibleProperty());
        refusing.setVisible(false);
        getChildren().addAll(dot, message, folder, refusing, counts, keys);
        vm.statusKindProperty().addListener((o, a, k) -> tone(k));
        vm.snapshotProperty().addListener((o, a, s) -> counts(vm, s));
        // the version is the timeline's: it moves with each action (recorded after the snapshot arrives)
        vm.history().versionsProperty().addListener((o, a, v) -> counts(vm, vm.snapshot()));
        counts(vm, vm.snapshot());
        // HBox shrinks every child alike: the message's minimum is what is left of the bar beside the counts
        message.textProperty().addListener((o, a, t) -> requestLayout());
    }

    /**
     * Sets the message's and the refusing count's minimums from the bar's width, as no layout constraint can: HBox
     * takes the width it lacks from every child alike, down to each one's minimum (Hgrow only shares out width to
     * spare), so with constraints alone the message would give way with the hint rather than after it, and the
     * refusing count while the message is still above its floor. Constraints say no order of giving way.
     */
    @Override
    protected void layoutChildren() {
        // the refusing count keeps its whole width while the message keeps its floor; then it gives way to its floor
        double room = getWidth() - taken(0);
        double count = refusing.isManaged()
                ? Math.min(refusing.prefWidth(-1), Math.max(REFUSING_FLOOR, room - MESSAGE_FLOOR)) : 0;
        refusing.setMinWidth(count);
        message.setMinWidth(Math.max(MESSAGE_FLOOR, Math.min(message.prefWidth(-1), room - count)));
        super.layoutChildren();
    }

    /**
     * Everything on the bar but the message and the hint: the dot, the counts, the folder link, the gaps, and this
     * much of the refusing count.
     */
    private double taken(double refusingWidth) {
        return snappedLeftInset() + snappedRightInset() + getSpacing() * (getManagedChildren().size() - 1)
                + dot.minWidth(-1) + counts.prefWidth(-1) + (folder.isManaged() ? folder.prefWidth(-1) : 0)
                + refusingWidth;
    }

    /**
     * The bar's own minimum: the counts, the folder link and the message's floor, never the room the last layout
     * gave the message. HBox sums its children's minimums, and the message's minimum is set from the bar's width in
     * {@link #layoutChildren}: summed back, a longer count line after it (the version ticks with each step) made the
     * bar wider than the window, the window's content laid out at that width, and the bar then kept its new width
     * as the message's room. At 1024x768 after Next step the side panel and the toolbar's last actions went past
     * the window's right edge (the real-window test) and stayed there.
     */
    @Override
    protected double computeMinWidth(double height) {
        return taken(refusing.isManaged() ? REFUSING_FLOOR : 0) + MESSAGE_FLOOR;
    }

    /** The message as shown (for tests). */
    public String text() {
        return message.getText();
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

    /** The snapshot the figures below were counted from: a new version alone only changes the line's end. */
    private @org.jspecify.annotations.Nullable LabSnapshot counted;
    private PodCounts pods = new PodCounts(0, 0, 0);
    private @org.jspecify.annotations.Nullable LabMetrics metrics;

    private void counts(WorkbenchViewModel vm, LabSnapshot s) {
        if (s != counted) {
            count(s);
        }
        LabMetrics m = metrics;
        counts.setText(pods.words(" · ") + " · GPU " + String.format(Locale.ROOT, "%.1f", m.gpuAllocation().pct())
                + " % allocated · CPU " + String.format(Locale.ROOT, "%.1f", m.cpu().pct()) + " % · version "
                + vm.history().shownVersion());
    }

    /**
     * Says how many control planes refuse requests (their API servers answer with an error or not at all, as the
     * management band and each control plane's box say), each one's status and the client's text on hover. A
     * control plane whose answer was not observed is not counted: gpulab does not know it refuses.
     */
    private void refusing(LabSnapshot s) {
        java.util.List<TenantView> down = refusingPlanes(s);
        refusing.setVisible(!down.isEmpty());
        refusing.setText(refusingText(s));
        // the count may stay while what each one says changes (Ready and refusing, then NotReady)
        String tip = refusingText(s) + "\n" + String.join("\n", down.stream()
                .map(t -> t.name() + "'s control plane: " + t.controlPlane().statusInWords()).toList());
        if (down.isEmpty()) {
            refusing.setTooltip(null);
        } else if (refusing.getTooltip() == null) {
            Tooltip tt = new Tooltip(tip);
            tt.setWrapText(true);
            tt.setMaxWidth(560);
            refusing.setTooltip(tt);
        } else if (!tip.equals(refusing.getTooltip().getText())) {
            refusing.getTooltip().setText(tip);
        }
    }

    private static java.util.List<TenantView> refusingPlanes(LabSnapshot s) {
        return s.tenants().stream().filter(t -> t.controlPlane().apiKnown() && !t.controlPlane().serving()).toList();
    }

    /** {@code 2 control planes refuse requests}; empty while every control plane serves (or is not observed). */
    static String refusingText(LabSnapshot s) {
        int n = refusingPlanes(s).size();
        return n == 0 ? "" : n + (n == 1 ? " control plane refuses requests" : " control planes refuse requests");
    }

    /** Counts the lab's pods and metrics once per snapshot (a pass over every pod and card). */
    private void count(LabSnapshot s) {
        counted = s;
        refusing(s);
        // the workload only, on every backend alike, as the review report counts it
        PodCounts pods = PodCounts.of(s);
        // the lab metrics (docs/metrics.md): GPU allocation as FGD counts it, and the host CPU requested
        LabMetrics m = LabMetrics.of(s);
        this.pods = pods;
        this.metrics = m;
        if (counts.getTooltip() == null) {
            counts.setTooltip(new Tooltip());
        }
        // one tooltip, its text updated: a new one per lab change was a popup control built every frame
        // "GPU 10.0 % allocated" alone did not say of what: the hover says the quantity, the cards and the moment
        counts.getTooltip().setText(String.format(Locale.ROOT, "GPU allocated: FGD's GPU allocation of all %,d cards "
                        + "of the lab, now (not an average): %.2f %% = %,d of %,d GPU-milli (a card is 1,000 and holds "
                        + "its booked compute share). Booked of registered, now: card memory %.2f %% (%,d of %,d MB), "
                        + "compute %.2f %% (%,d of %,d core units), slots %.2f %% (%,d of %,d). CPU: requested of the "
                        + "workers' allocatable, %.2f %% (host memory %.2f %%). Stranded: %,d MB card memory, %,d core "
                        + "units%s. Definitions: docs/metrics.md", m.cards(), m.gpuAllocation().pct(),
                m.gpuAllocation().used(), m.gpuAllocation().capacity(), m.gpuMemory().pct(), m.gpuMemory().used(),
                m.gpuMemory().capacity(), m.gpuCompute().pct(), m.gpuCompute().used(), m.gpuCompute().capacity(),
                m.gpuSlots().pct(), m.gpuSlots().used(), m.gpuSlots().capacity(), m.cpu().pct(), m.memory().pct(),
                m.stranded().gpuMemoryMB(), m.stranded().gpuCores(), m.pods().pendingByReason().isEmpty() ? ""
                        : "; pending by reason " + m.pods().pendingByReason()));
    }
}
