package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.engine.api.NodeView;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

import java.util.Locale;

/**
 * A worker's CPU and memory as kube-scheduler counts them: what the pods bound there request against what the
 * worker can allocate, as two slim bars on the worker's header line, right above its cards (a card with room is no
 * use on a worker whose CPU is all requested). One line high, so the workbench layout keeps its rows.
 */
public final class HostFill extends HBox {

    public HostFill(NodeView node) {
        super(6);
        getStyleClass().add("host-fill");
        setId("host-" + node.name());
        setAlignment(Pos.CENTER_LEFT);
        FillBar cpu = new FillBar("cpu");
        cpu.setFraction(node.cpu() == 0 ? 0 : node.cpuRequestedMilli() / (node.cpu() * 1000.0));
        FillBar mem = new FillBar("hostmem");
        mem.setFraction(node.memoryMiB() == 0 ? 0 : (double) node.memoryRequestedMiB() / node.memoryMiB());
        // compact on the line; the tooltip has the exact figures
        String cpuText = String.format(Locale.ROOT, "%.1f/%d", node.cpuRequestedMilli() / 1000.0, node.cpu());
        String memText = String.format(Locale.ROOT, "%.1f/%.0f GiB", node.memoryRequestedMiB() / 1024.0,
                node.memoryMiB() / 1024.0);
        getChildren().addAll(caption("CPU"), cpu, value(cpuText, "cpu-" + node.name()), caption("Mem"), mem,
                value(memText, "memory-" + node.name()));
        Tooltip.install(this, new Tooltip("Requested by the pods bound here / allocatable, as kube-scheduler's "
                + "NodeResourcesFit counts them: CPU " + String.format(Locale.ROOT, "%.1f of %d cores",
                node.cpuRequestedMilli() / 1000.0, node.cpu()) + ", memory " + Formats.mb(node.memoryRequestedMiB())
                + " of " + Formats.mb(node.memoryMiB()) + " MiB"));
        setMinWidth(USE_PREF_SIZE);
    }

    private static Label caption(String text) {
        Label c = new Label(text);
        c.getStyleClass().add("caption");
        c.setMinWidth(Label.USE_PREF_SIZE);
        return c;
    }

    private static Label value(String text, String id) {
        Label v = new Label(text);
        v.getStyleClass().add("metric");
        v.setId(id);
        v.setMinWidth(Label.USE_PREF_SIZE);
        return v;
    }
}
