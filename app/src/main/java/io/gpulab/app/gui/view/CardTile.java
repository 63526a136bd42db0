package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import javafx.geometry.Pos;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One card: type and uuid, health, memory and compute fill, sharing-slot pips and the pods on it.
 * A template dropped here is pinned to this card with HAMi's uuid selector.
 */
public final class CardTile extends VBox {

    /** What an unhealthy card says, with pods on it or none: HAMi's scheduler places no new pod there. */
    static final String UNHEALTHY = "unhealthy — new pods avoid this card";

    public CardTile(WorkbenchViewModel vm, TenantView tenant, String node, CardView card) {
        super(6);
        getStyleClass().add("card-tile");
        String key = node + "-" + card.id();
        setId("card-" + key);
        setMinWidth(0);
        if (!card.health()) {
            getStyleClass().add("unhealthy");
        }
        Region dot = new Region();
        dot.getStyleClass().addAll("status-dot", card.health() ? "ok" : "error");
        Label type = Texts.clipped(card.type(), "card-type");
        Label uuid = Texts.clipped(card.id(), "mono-muted");
        uuid.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(type, Priority.SOMETIMES);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox head = new HBox(6, Icons.icon(Icons.CHIP, 14, "card-icon"), type, dot, grow, uuid);
        head.setAlignment(Pos.CENTER_LEFT);

        FillBar mem = new FillBar("mem");
        mem.setFraction(card.memMB() == 0 ? 0 : (double) card.usedMemMB() / card.memMB());
        FillBar core = new FillBar("core");
        core.setFraction(card.cores() == 0 ? 0 : (double) card.usedCores() / card.cores());
        VBox metrics = new VBox(4,
                metric("Memory", Formats.mb(card.usedMemMB()) + " / " + Formats.mb(card.memMB()) + " MB",
                        "mem-" + key, mem),
                metric("Compute", card.usedCores() + " / " + card.cores() + " %", "core-" + key, core),
                metric("Slots", card.usedSlots() + " of " + card.slots(), "slots-" + key,
                        new SlotPips(card.usedSlots(), card.slots())));

        if (card.migSlices() > 0) {
            metrics.getChildren().add(new MigStrip(card));
        }
        FlowPane pods = new FlowPane(4, 4);
        pods.getStyleClass().add("card-pods");
        // wrap at the card's own width, not FlowPane's default 400 px
        pods.prefWrapLengthProperty().bind(widthProperty().subtract(24));
        for (String podKey : card.pods()) {
            tenant.pod(podKey).ifPresent(p ->
                    pods.getChildren().add(new PodChip(vm, tenant.name(), p, share(p, card))));
        }
        if (card.pods().isEmpty()) {
            // what the card is (idle, unhealthy) is a fact about the lab, shown on slides and projectors too; only
            // "drop a pod here" is a hint on using the window, which they leave out
            if (card.health()) {
                Label state = new Label("idle");
                state.getStyleClass().add("note");
                state.setMinWidth(Region.USE_PREF_SIZE);
                Label how = Texts.clipped("— drop a pod here to pin it", "hint");
                HBox idle = new HBox(4, state, how);
                idle.getStyleClass().add("card-state");
                HBox.setHgrow(how, Priority.ALWAYS);
                pods.getChildren().add(idle);
            } else {
                pods.getChildren().add(unhealthyLine());
            }
        }
        getChildren().addAll(head, metrics);
        if (!card.health() && !card.pods().isEmpty()) {
            // the pods stay where they run; the words say what the red frame means, for the next pod: a line of its
            // own above the chips, as on an empty card
            getChildren().add(unhealthyLine());
        }
        getChildren().add(pods);
        setupEventHandlers(vm, tenant.name(), card);
    }

    private static Label unhealthyLine() {
        return Texts.clipped(UNHEALTHY, "error-text", "card-state");
    }

    private void setupEventHandlers(WorkbenchViewModel vm, String tenant, CardView card) {
        Selection me = Selection.card(tenant, card.id());
        if (me.equals(vm.selectionProperty().get())) {
            getStyleClass().add("selected");
        }
        setOnMouseClicked(e -> vm.selectionProperty().set(me));
        setOnDragOver(e -> {
            if (Dnd.template(e.getDragboard()).isPresent()) {
                e.acceptTransferModes(TransferMode.COPY);
                pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("drop"), true);
                e.consume();
            }
        });
        setOnDragExited(e -> pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("drop"), false));
        setOnDragDropped(e -> {
            var t = Dnd.template(e.getDragboard());
            t.ifPresent(template -> vm.submitTemplate(template, tenant, card.id()));
            e.setDropCompleted(t.isPresent());
            e.consume();
        });
        MenuItem health = new MenuItem(card.health() ? "Mark card unhealthy" : "Mark card healthy");
        health.setOnAction(e -> vm.faults().setCardHealth(tenant, card.id(), !card.health()));
        ContextMenu menu = new ContextMenu(health);
        setOnContextMenuRequested(e -> menu.show(this, e.getScreenX(), e.getScreenY()));
    }

    private static String share(PodView p, CardView card) {
        return p.devices().stream().filter(d -> d.id().equals(card.id())).findFirst()
                .map(d -> Formats.mb(d.memMB()) + " MB · " + d.cores() + " %").orElse("");
    }

    /** One metric on one line: caption, bar (takes the free width), value. */
    private static HBox metric(String caption, String value, String id, javafx.scene.Node bar) {
        Label c = new Label(caption);
        c.getStyleClass().add("caption");
        c.setMinWidth(54);
        c.setPrefWidth(54);
        Label v = new Label(value);
        v.getStyleClass().add("metric");
        v.setId(id);
        v.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        if (bar instanceof Region r) {
            r.setMinWidth(20);
        }
        HBox line = new HBox(6, c, bar, v);
        line.setAlignment(Pos.CENTER_LEFT);
        return line;
    }
}
