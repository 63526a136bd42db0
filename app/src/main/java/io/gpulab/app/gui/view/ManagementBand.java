package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.TenantView;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The management cluster: Kamaji, the shared kamaji-etcd datastore, MetalLB, and one hosted control
 * plane per tenant (API server, scheduler, controller manager, Konnectivity server) with its phase.
 */
public final class ManagementBand extends VBox {

    /**
     * @param open   whether the services and control planes are drawn, or only the one-line summary
     * @param toggle called when the user clicks the summary line
     */
    public ManagementBand(WorkbenchViewModel vm, LabSnapshot s, boolean open, Runnable toggle) {
        super(8);
        getStyleClass().add("management-band");
        setId("management");
        ManagementView m = s.management();
        Label title = new Label((open ? "▾ " : "▸ ") + "MANAGEMENT CLUSTER");
        title.getStyleClass().add("section-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        long ready = s.tenants().stream().filter(t -> "Ready".equals(t.controlPlane().phase())).count();
        HBox head = new HBox(8, title, summaryDot(m.kamajiReady()), Texts.clipped(m.name() + " · Kamaji "
                + (m.kamajiReady() ? "ready" : "not ready") + " · " + m.datastore() + " · MetalLB · " + ready + " of "
                + s.tenants().size() + " control planes Ready", "muted"));
        head.setAlignment(Pos.CENTER_LEFT);
        head.getStyleClass().add("management-head");
        head.setId("management-toggle");
        head.setOnMouseClicked(e -> {
            toggle.run();
            e.consume();
        });
        getChildren().add(head);
        if (!open) {
            getStyleClass().add("collapsed");
        } else {
            HBox infra = new HBox(10,
                    service(Icons.SERVER, "Kamaji controller", m.kamajiReady() ? "Ready" : "Not ready",
                            m.kamajiReady()),
                    service(Icons.DATABASE, m.datastore(), "shared DataStore · " + m.datastoreDriver(), true),
                    service(Icons.SERVER, "MetalLB", m.metallbPool(), true));
            infra.setOnMouseClicked(e ->
                    vm.selectionProperty().set(new Selection(Selection.Kind.MANAGEMENT, "", m.name())));
            FlowPane cps = new FlowPane(10, 10);
            cps.prefWrapLengthProperty().bind(widthProperty());
            for (TenantView t : s.tenants()) {
                cps.getChildren().add(controlPlane(vm, t));
            }
            getChildren().addAll(infra, cps);
        }
        m.warnings().forEach(w -> {
            Label l = new WordWrapLabel("⚠ " + w, "warning-text");
            getChildren().add(l);
        });
    }

    private static Region summaryDot(boolean ok) {
        Region dot = new Region();
        dot.getStyleClass().addAll("status-dot", ok ? "ok" : "error");
        return dot;
    }

    private static HBox service(String icon, String name, String detail, boolean ok) {
        Label n = new Label(name);
        n.getStyleClass().add("service-name");
        Label d = new Label(detail);
        d.getStyleClass().add("muted");
        Region dot = new Region();
        dot.getStyleClass().addAll("status-dot", ok ? "ok" : "error");
        HBox box = new HBox(8, Icons.icon(icon, 16, "service-icon"), new VBox(1, n, d), dot);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("service-box");
        return box;
    }

    private static Node controlPlane(WorkbenchViewModel vm, TenantView t) {
        ControlPlaneView cp = t.controlPlane();
        Label name = new Label(cp.name());
        name.getStyleClass().add("service-name");
        Label phase = new Label(cp.phase());
        phase.getStyleClass().addAll("phase-pill", "Ready".equals(cp.phase()) ? "ok" : "warn");
        Label version = new Label(cp.version() + " · " + cp.endpoint());
        version.getStyleClass().add("muted");
        HBox head = new HBox(8, name, phase);
        head.setAlignment(Pos.CENTER_LEFT);
        FlowPane comps = new FlowPane(8, 4);
        cp.components().forEach(c -> {
            Region dot = new Region();
            dot.getStyleClass().addAll("status-dot", c.ready() ? "ok" : "error");
            Label l = new Label(c.name().replace("kube-", ""));
            l.getStyleClass().add("component");
            HBox x = new HBox(4, dot, l);
            x.setAlignment(Pos.CENTER_LEFT);
            comps.getChildren().add(x);
        });
        Label ds = Texts.clipped("etcd prefix /" + cp.dataStoreSchema(), "mono-muted");
        VBox box = new VBox(5, head, version, comps, ds);
        box.getStyleClass().add("control-plane");
        box.setId("cp-" + t.name());
        box.setPrefWidth(280);
        Selection me = new Selection(Selection.Kind.CONTROL_PLANE, t.name(), cp.name());
        if (me.equals(vm.selectionProperty().get())) {
            box.getStyleClass().add("selected");
        }
        box.setOnMouseClicked(e -> vm.selectionProperty().set(me));
        return box;
    }
}
