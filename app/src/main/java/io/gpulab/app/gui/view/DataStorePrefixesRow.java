package io.gpulab.app.gui.view;

import io.gpulab.engine.api.ManagementView;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;

/**
 * Each tenant's key prefix in a DataStore, on one line under the management band's boxes: whole, as the box (227 px
 * at 1600 px wide) cut them to "tenant-a → prefix /06a36585-9…" and wrapped took three lines each, pushing the
 * tenants below the fold. A narrow band wraps a prefix rather than cut it.
 */
final class DataStorePrefixesRow extends FlowPane {

    DataStorePrefixesRow(ManagementView.DataStoreView d) {
        super(16, 2);
        setId("datastore-prefixes-" + d.name());
        Label title = new Label("DataStore " + d.name() + ":");
        title.getStyleClass().add("muted");
        title.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().add(title);
        d.prefixes().forEach((tenant, prefix) -> {
            Label l = new Label(tenant + " → " + ("etcd".equals(d.driver()) ? "prefix " + prefix
                    : prefix.startsWith("database ") ? prefix : "database " + prefix));
            l.getStyleClass().addAll("mono-muted", "ds-prefix");
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.maxWidthProperty().bind(widthProperty());
            l.setId("ds-prefix-" + d.name() + "-" + tenant);
            getChildren().add(l);
        });
    }
}
