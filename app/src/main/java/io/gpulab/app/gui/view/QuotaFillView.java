package io.gpulab.app.gui.view;

import io.gpulab.engine.api.QuotaView;
import io.gpulab.engine.api.TenantView;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * A tenant's GPU quota fill per namespace, as HAMi counts it (ResourceQuota {@code limits.nvidia.com/gpumem} and
 * {@code limits.nvidia.com/gpucores} against the namespace's allocated pods): one bar per limited dimension. A
 * full bar means the next pod of that namespace is refused ({@code exceeding resource quota} at the webhook,
 * {@code ResourceQuotaNotFit} in the filter).
 */
public final class QuotaFillView extends VBox {

    static final String STYLESHEET = "/gpulab/css/fidelity.css";

    public QuotaFillView(TenantView tenant) {
        super(4);
        getStyleClass().add("quota-fill");
        setId("quota-" + tenant.name());
        var css = QuotaFillView.class.getResource(STYLESHEET);
        if (css != null) {
            getStylesheets().add(css.toExternalForm());
        }
        Label title = new Label("GPU quota per namespace");
        title.getStyleClass().add("quota-title");
        getChildren().add(title);
        for (QuotaView q : tenant.quotas()) {
            if (q.memLimitMB() != null) {
                row(q.namespace() + " memory", q.memUsedMB(), q.memLimitMB(), " MB", "mem");
            }
            if (q.coresLimit() != null) {
                row(q.namespace() + " cores", q.coresUsed(), q.coresLimit(), " %", "core");
            }
        }
    }

    private void row(String what, long used, long limit, String unit, String kind) {
        Label text = new Label(String.format(java.util.Locale.ROOT, "%s: %,d / %,d%s", what, used, limit, unit));
        text.getStyleClass().add("quota-row");
        if (used >= limit) {
            text.getStyleClass().add("over");
        }
        FillBar bar = new FillBar(kind);
        bar.setFraction(limit == 0 ? 1 : (double) used / limit);
        getChildren().addAll(text, bar);
    }
}
