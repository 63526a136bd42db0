package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.api.TunnelState;
import javafx.geometry.Pos;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * A tenant's header: name, pod and worker count, webhook failure policy and the Konnectivity fault
 * switch. The count is never cut ("3 ru…" in presentation mode at 1280x720): where the row is too narrow the
 * policy and the switch move to a second row. Updated in place on every lab change: its controls keep their skins and styles, so a pod
 * landing does not restyle the header.
 */
final class TenantHeader extends FlowPane {

    private static final String AGENTS_TIP = "Fault: take this tenant's Konnectivity agents down / bring them back";
    private static final String POLICY_TIP = "HAMi webhook failurePolicy: Ignore admits pods unchanged when the webhook "
            + "is unreachable, Fail refuses them";

    private final Label pods = new Label("");
    private final HBox left;
    private final HBox right;
    /** Pushes the policy and the switch to the right edge while they share the name's row. */
    private final Region grow = new Region();
    private final ToggleButton agents = new ToggleButton();
    private final ChoiceBox<String> policy = new ChoiceBox<>();
    /** Holds the policy's tooltip, so it shows while the choice is disabled (a disabled control gets no mouse). */
    private final StackPane policyBox = new StackPane(policy);
    private final Tooltip policyTip = new Tooltip(POLICY_TIP);
    private final WorkbenchViewModel vm;
    private final boolean narrow;
    private TenantView tenant;

    /**
     * {@code narrow}: the panel is too narrow for the full header (a projector's 1280 px with two tenants):
     * the switch says "konn up" like the tunnel's short hop names, and the count leaves out the workers,
     * which are drawn right below.
     */
    TenantHeader(WorkbenchViewModel vm, TenantView tenant, boolean narrow) {
        super(10, 6);
        this.vm = vm;
        this.tenant = tenant;
        this.narrow = narrow;
        Label name = new Label(tenant.name());
        name.getStyleClass().add("tenant-name");
        name.setId("tenant-name-" + tenant.name());
        name.setMinWidth(Region.USE_PREF_SIZE);
        name.setOnMouseClicked(e -> vm.selectionProperty().set(
                new Selection(Selection.Kind.TENANT, tenant.name(), tenant.name())));
        agents.getStyleClass().add("fault-toggle");
        agents.setId("konnectivity-" + tenant.name());
        agents.setTooltip(new Tooltip(AGENTS_TIP));
        agents.setOnAction(e -> {
            if (!this.tenant.tunnel().known()) {
                // nothing observed to switch: "bring up" would claim the agents were down
                agents.setSelected(false);
                vm.info("Konnectivity agents of " + this.tenant.name() + ": " + this.tenant.tunnel().unknownWords()
                        + "; nothing was sent");
                return;
            }
            if (!vm.simulated()) {
                // a fault of the simulation: the real cluster would refuse it, so it is not sent (as the Faults menu)
                agents.setSelected(!this.tenant.tunnel().agentsUp());
                vm.info(observedAgents(this.tenant) + "; nothing was sent");
                return;
            }
            vm.faults().setKonnectivity(this.tenant.name(), !this.tenant.tunnel().agentsUp());
        });
        agents.setMinWidth(Region.USE_PREF_SIZE);
        policy.getItems().addAll("Ignore", "Fail");
        policy.setId("policy-" + tenant.name());
        policy.setMinWidth(Region.USE_PREF_SIZE);
        policyBox.setId("policy-box-" + tenant.name());
        policyTip.setWrapText(true);
        policyTip.setMaxWidth(420);
        Tooltip.install(policyBox, policyTip);
        policy.setOnAction(e -> {
            if (policy.getValue() != null && !policy.getValue().equals(this.tenant.webhookFailurePolicy())) {
                vm.faults().setWebhookPolicy(this.tenant.name(), policy.getValue());
            }
        });
        pods.getStyleClass().add("muted");
        pods.setMinWidth(Region.USE_PREF_SIZE);
        left = new HBox(10, name, pods);
        left.setAlignment(Pos.CENTER_LEFT);
        right = new HBox(10, policyBox, agents);
        right.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(left, grow, right);
        setAlignment(Pos.CENTER_LEFT);
        setRowValignment(javafx.geometry.VPos.CENTER);
        getStyleClass().add("tenant-header");
        setId("tenant-header-" + tenant.name());
        update(tenant);
    }

    @Override
    protected double computePrefWidth(double height) {
        // what one row needs, not the gap that filled the last width
        return snappedLeftInset() + left.prefWidth(-1) + 2 * getHgap() + right.prefWidth(-1) + snappedRightInset();
    }

    @Override
    protected void layoutChildren() {
        double room = getWidth() - snappedLeftInset() - snappedRightInset();
        double spare = room - left.prefWidth(-1) - right.prefWidth(-1) - 2 * getHgap() - 1;
        // one row when both groups fit (the gap takes the rest), else the gap is nothing and the right group wraps
        grow.setPrefWidth(Math.max(0, Math.floor(spare)));
        grow.setMinWidth(Region.USE_PREF_SIZE);
        super.layoutChildren();
    }

    /** Shows the tenant's current counts, policy and tunnel state. */
    void update(TenantView t) {
        tenant = t;
        long running = t.pods().stream().filter(p -> !p.platform() && "Running".equals(p.phase())).count();
        boolean fewWorkers = !TenantPanel.compact(t);
        pods.setText(running + " running" + (narrow && fewWorkers ? ""
                : " · " + t.nodes().size() + " worker" + (t.nodes().size() == 1 ? "" : "s")));
        boolean known = t.tunnel().known();
        boolean up = t.tunnel().agentsUp();
        // the tunnel's truth, not the switch's position: with no control-plane pod ready no konnectivity-server runs,
        // and the agents' switch alone read "up" (a tenant whose pods could not be read: unknown, never down)
        TunnelState tunnel = TunnelState.of(t);
        agents.setText((narrow ? "konn " : "Konnectivity ") + tunnel.state());
        // pressed while the agents' fault is on, whatever else keeps the tunnel down
        agents.setSelected(known && !up);
        String tip = !known ? "Konnectivity " + t.tunnel().unknownWords() : (tunnel.up() ? ""
                : "Konnectivity " + tunnel.words() + ".\n") + (vm.simulated() ? AGENTS_TIP : observedAgents(t));
        if (agents.getTooltip() == null || !tip.equals(agents.getTooltip().getText())) {
            Tooltip tt = new Tooltip(tip);
            tt.setWrapText(true);
            tt.setMaxWidth(420);
            agents.setTooltip(tt);
        }
        // no addon is an absence, not a fault: grey
        String state = !known || TunnelState.OFF.equals(tunnel.state()) ? "unknown" : tunnel.up() ? "on" : "off";
        if (!agents.getStyleClass().contains(state)) {
            agents.getStyleClass().removeAll("on", "off", "unknown");
            agents.getStyleClass().add(state);
        }
        if (!t.webhookFailurePolicy().equals(policy.getValue())) {
            policy.setValue(t.webhookFailurePolicy());
        }
        updatePolicyOffer(t);
    }

    /** A real cluster's agents as read, and why the switch does not switch them. */
    private String observedAgents(TenantView t) {
        return "Konnectivity agents of " + t.name() + ": " + (t.tunnel().agentsUp() ? "up" : "down") + ", as observed;"
                + " a real cluster (" + vm.backendId() + " backend) is observed, never broken from here";
    }

    /**
     * The policy is a choice on the simulated lab only: a real cluster's webhook is observed, never changed from here,
     * and an unread one ("Unknown") offered Ignore and Fail as if gpulab knew which one holds. Disabled, it says why on
     * hover.
     */
    private void updatePolicyOffer(TenantView t) {
        boolean offered = vm.simulated();
        String tip = offered ? POLICY_TIP : "Unknown".equals(t.webhookFailurePolicy())
                ? "HAMi webhook failurePolicy of " + t.name() + ": unknown, no vgpu.hami.io webhook configuration was "
                + "read there (none installed, no permission to list webhook configurations, or the tenant did not "
                + "answer); gpulab does not guess it, and changes nothing on a real cluster (" + vm.backendId()
                + " backend)"
                : "HAMi webhook failurePolicy of " + t.name() + ": " + t.webhookFailurePolicy() + ", as read from its "
                + "vgpu.hami.io webhook configuration; a real cluster (" + vm.backendId() + " backend) is observed, "
                + "never changed from here";
        policy.setDisable(!offered);
        if (!tip.equals(policyTip.getText())) {
            policyTip.setText(tip);
        }
    }
}
