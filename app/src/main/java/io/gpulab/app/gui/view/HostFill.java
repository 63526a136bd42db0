package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.engine.api.NodeView;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.Locale;

/**
 * A worker's CPU and memory as kube-scheduler counts them: what the pods bound there request against what the
 * worker can allocate. Shown next to its cards, since a card with free memory is no use on a worker whose CPU is
 * all requested.
 */
public final class HostFill extends VBox {

    public HostFill(NodeView node) {
        super(6);
        getStyleClass().add("host-fill");
        setId("host-" + node.name());
        Label title = new Label("Host");
        title.getStyleClass().add("card-type");
        FillBar cpu = new FillBar("cpu");
        cpu.setFraction(node.cpu() == 0 ? 0 : node.cpuRequestedMilli() / (node.cpu() * 1000.0));
        FillBar mem = new FillBar("hostmem");
        mem.setFraction(node.memoryMiB() == 0 ? 0 : (double) node.memoryRequestedMiB() / node.memoryMiB());
        getChildren().addAll(title,
                metric("CPU", String.format(Locale.ROOT, "%.1f / %d cores", node.cpuRequestedMilli() / 1000.0,
                        node.cpu()), "cpu-" + node.name(), cpu),
                metric("Memory", Formats.mb(node.memoryRequestedMiB()) + " / " + Formats.mb(node.memoryMiB()) + " MiB",
                        "memory-" + node.name(), mem));
    }

    private static VBox metric(String caption, String value, String id, FillBar bar) {
        Label c = new Label(caption);
        c.getStyleClass().add("caption");
        Label v = new Label(value);
        v.getStyleClass().add("metric");
        v.setId(id);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox line = new HBox(6, c, grow, v);
        line.setAlignment(Pos.CENTER_LEFT);
        return new VBox(3, line, bar);
    }
}
