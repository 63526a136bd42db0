package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.TenantView;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * A tenant's TenantControlPlane in the management band: the status Kamaji computes, ready and desired replicas, its
 * endpoint and components, and every problem the engine states (API, effects, kubelet version skew) whole. Clicking
 * it selects the control plane.
 */
final class ControlPlaneBox extends VBox {

    ControlPlaneBox(WorkbenchViewModel vm, TenantView t) {
        super(4);
        ControlPlaneView cp = t.controlPlane();
        Label name = Texts.clipped(cp.name(), "service-name");
        // Kamaji's word, amber while its API server refuses reads and writes (ready pods, failing storage)
        Label phase = ManagementBand.pill(cp.phase(), cp.readyButRefusing() ? "warn" : phaseKind(cp.phase()),
                "cp-phase-" + t.name());
        HBox head = new HBox(8, name, phase);
        head.setAlignment(Pos.CENTER_LEFT);
        Label replicas = new WordWrapLabel(replicas(cp), "muted");
        replicas.setId("cp-replicas-" + t.name());
        // its DataStore and prefix are in the DataStore's box, beside the other tenants'
        Label endpoint = Texts.clipped(cp.endpoint(), "mono-muted");
        FlowPane comps = new FlowPane(8, 4);
        cp.components().forEach(c -> {
            Label l = new Label(c.name().replace("kube-", ""));
            l.getStyleClass().add("component");
            HBox x = new HBox(4, ManagementBand.dot(c.ready() ? "ok" : "error"), l);
            x.setAlignment(Pos.CENTER_LEFT);
            comps.getChildren().add(x);
        });
        getChildren().addAll(head, replicas, endpoint, comps);
        if (!"none".equals(cp.writePermissions())) {
            Label w = Texts.clipped("writePermissions: " + cp.writePermissions(), "warning-text");
            w.setId("cp-write-" + t.name());
            getChildren().add(w);
        }
        List<String> problems = problems(cp);
        if (vm.simulated() && !vm.snapshot().management().kamajiReady()) {
            // the simulation computes the status every moment; with no node to run on, Kamaji writes none
            problems.add(0, "Kamaji's controller is not running: " + cp.phase() + " is the status it would compute; a "
                    + "real cluster's kubectl get tcp keeps the last one it wrote");
        }
        // each sentence whole, wrapped within the box: a trainer on a projector reads it without hovering
        for (int i = 0; i < problems.size(); i++) {
            // an effect's instant ("not ready from ...") on the lab's clock, as every surface shows it
            Label p = new WordWrapLabel("⚠ " + io.gpulab.app.gui.vm.Formats.labText(problems.get(i), vm.snapshot()
                    .now()), "warning-text");
            p.setId("cp-problem-" + t.name() + "-" + i);
            getChildren().add(p);
        }
        getStyleClass().add("control-plane");
        setId("cp-" + t.name());
        setPrefWidth(ManagementBand.BOX_WIDTH);
        setMaxWidth(ManagementBand.BOX_WIDTH);
        Selection me = new Selection(Selection.Kind.CONTROL_PLANE, t.name(), cp.name());
        if (me.equals(vm.selectionProperty().get())) {
            getStyleClass().add("selected");
        }
        setOnMouseClicked(e -> vm.selectionProperty().set(me));
    }

    /** What the engine says is wrong with the control plane, the API first. */
    private static List<String> problems(ControlPlaneView cp) {
        List<String> problems = new ArrayList<>(cp.effects());
        if (!cp.apiError().isEmpty() && cp.effects().stream().noneMatch(e -> e.contains(cp.apiError()))) {
            problems.add(0, "API: " + cp.apiError());
        }
        if (!cp.apiKnown()) {
            problems.add(0, "API: " + cp.apiObserved());
        }
        cp.kubelets().stream().filter(k -> k.checked() && !k.supported())
                .forEach(k -> problems.add(k.node() + ": " + k.violation()));
        cp.kubelets().stream().filter(k -> !k.checked())
                .forEach(k -> problems.add(k.node() + ": version skew not checked: " + k.unchecked()));
        return problems;
    }

    /** The pill's colour for a computeStatus value: Ready green, NotReady red, Sleeping grey, the rest amber. */
    static String phaseKind(String phase) {
        return switch (phase) {
            case "Ready" -> "ok";
            case "NotReady" -> "error";
            case "Sleeping" -> "info";
            default -> "warn";
        };
    }

    /** {@code 2 of 2 replicas ready · v1.35.0}, with the installed version and the rollout while they differ. */
    static String replicas(ControlPlaneView cp) {
        StringBuilder b = new StringBuilder().append(cp.readyReplicas()).append(" of ").append(cp.replicas())
                .append(" replicas ready · ").append(cp.version());
        if (!cp.installedVersion().isEmpty() && !cp.installedVersion().equals(cp.version())) {
            b.append(" (installed ").append(cp.installedVersion()).append(", ").append(cp.updatedReplicas())
                    .append(" updated)");
        }
        return b.toString();
    }
}
