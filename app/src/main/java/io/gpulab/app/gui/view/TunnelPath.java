package io.gpulab.app.gui.view;

import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.api.TunnelView;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The webhook call path: kube-apiserver → konnectivity-server → konnectivity-agent → HAMi webhook,
 * as dashed arrows, green where the hop works, red where it breaks, with the API server's error.
 */
public final class TunnelPath extends VBox {

    /** Below this panel width the hops use short names (full names on hover) so the path fits one line. */
    public static final double COMPACT_BELOW = 440;

    public TunnelPath(TenantView tenant) {
        this(tenant, false);
    }

    public TunnelPath(TenantView tenant, boolean compact) {
        super(4);
        getStyleClass().add("tunnel-path");
        if (compact) {
            getStyleClass().add("compact");
        }
        setId("tunnel-" + tenant.name());
        TunnelView t = tenant.tunnel();
        boolean cpUp = tenant.controlPlane().components().stream().allMatch(c -> c.ready());
        String first = cpUp ? "ok" : "broken";
        // not observed (a tenant whose pods could not be read): neither green nor red, said in words below
        String second = !cpUp || !t.known() ? "idle" : t.agentsUp() ? "ok" : "broken";
        String third = !cpUp || !t.known() || !t.agentsUp() ? "idle" : t.webhookReachable() ? "ok" : "broken";
        HBox row = compact
                ? new HBox(0, hop("apiserver", null, "kube-apiserver (hosted by Kamaji)"), arrow(first),
                        hop("konn-server", null, "konnectivity-server :8132"), arrow(second),
                        hop("konn-agent", null, "konnectivity-agent on the worker"), arrow(third),
                        hop("webhook", null, "HAMi webhook vgpu.hami.io"))
                : new HBox(0, hop("API server", "hosted", null), arrow(first), hop("konnectivity", "server :8132", null),
                        arrow(second), hop("konnectivity", "agent", null), arrow(third),
                        hop("HAMi webhook", "vgpu.hami.io", null));
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().add(row);
        if (!t.known()) {
            Label err = new WordWrapLabel("Konnectivity " + t.unknownWords());
            err.getStyleClass().add("tunnel-unknown");
            err.setId("tunnel-error-" + tenant.name());
            getChildren().add(err);
        } else if (!t.webhookReachable()) {
            getStyleClass().add("down");
            String why = t.error().isBlank() ? "no route through the tunnel" : t.error();
            Label err = new WordWrapLabel("webhook unreachable: " + why
                    + "  ·  failurePolicy " + tenant.webhookFailurePolicy()
                    + ("Ignore".equals(tenant.webhookFailurePolicy())
                    ? " → pods are admitted unchanged and placed by the default scheduler" : " → creates are refused"));
            err.getStyleClass().add("tunnel-error");
            err.setId("tunnel-error-" + tenant.name());
            getChildren().add(err);
        } else if (!io.gpulab.engine.api.TunnelState.of(tenant).up()) {
            // no webhook call fails while nothing calls (the API server is in the same pods as the server), yet the
            // tunnel is not there: said, not left to the arrows
            getStyleClass().add("down");
            Label err = new WordWrapLabel("Konnectivity " + io.gpulab.engine.api.TunnelState.of(tenant).words());
            err.getStyleClass().add("tunnel-error");
            err.setId("tunnel-error-" + tenant.name());
            getChildren().add(err);
        }
    }

    private static VBox hop(String name, String sub, String full) {
        Label n = new Label(name);
        n.getStyleClass().add("hop-name");
        n.setMinWidth(Region.USE_PREF_SIZE);
        VBox box = new VBox(0, n);
        if (sub != null) {
            Label s = new Label(sub);
            s.getStyleClass().add("hop-sub");
            s.setMinWidth(Region.USE_PREF_SIZE);
            box.getChildren().add(s);
        }
        if (full != null) {
            javafx.scene.control.Tooltip.install(box, new javafx.scene.control.Tooltip(full));
        }
        box.getStyleClass().add("hop");
        box.setAlignment(Pos.CENTER);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private static Region arrow(String state) {
        DashedArrow a = new DashedArrow(state);
        HBox.setHgrow(a, Priority.ALWAYS);
        return a;
    }
}
