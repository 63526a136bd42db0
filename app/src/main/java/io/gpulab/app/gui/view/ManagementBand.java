package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.TenantView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The management cluster as the engine states it: its nodes with the TenantControlPlane pods and DataStore members
 * kube-scheduler placed on them (and the pods that fit nowhere, with its reason), each DataStore with its members'
 * health, its quorum and each tenant's prefix, and each TenantControlPlane with the status Kamaji computes and its
 * ready and desired replicas. Nothing here is decided by the view: every word comes from the snapshot.
 */
public final class ManagementBand extends VBox {

    static final int BOX_WIDTH = 226;
    private static final int MAX_BOX_WIDTH = 420;

    /**
     * @param open   whether the nodes, DataStores and control planes are drawn, or only the one-line summary
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
        // the band's state in words: wrapped, never cut (a closed band shows nothing else)
        WordWrapLabel summary = new WordWrapLabel(summary(s), "muted");
        summary.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(summary, Priority.ALWAYS);
        summary.setId("management-summary");
        HBox head = new HBox(8, title, dot(!observed(m) ? "info" : m.kamajiReady() && m.dataStores().stream()
                .allMatch(d -> d.ready() && quorumKept(d)) ? "ok" : "error"), summary);
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
            // one flow of boxes, so a wide window holds the whole management cluster in one row
            FlowPane boxes = new FlowPane(10, 10);
            boxes.prefWrapLengthProperty().bind(widthProperty());
            Map<String, ControlPlaneView.TcpPodView> owner = owners(s);
            Map<String, String> tcpOwner = new LinkedHashMap<>();
            s.tenants().forEach(t -> t.controlPlane().pods().forEach(p -> tcpOwner.put(p.name(), t.name())));
            Map<String, ManagementView.DataStoreView> members = new LinkedHashMap<>();
            m.dataStores().forEach(d -> d.members().forEach(x -> members.put(x.name(), d)));
            m.nodes().forEach(n -> boxes.getChildren().add(node(n, owner, tcpOwner, members)));
            Node unscheduled = unscheduled(s);
            if (unscheduled != null) {
                boxes.getChildren().add(unscheduled);
            }
            if (m.dataStores().isEmpty()) {
                // a cluster read without its DataStore objects: only the default's name and driver are known
                boxes.getChildren().add(service(Icons.DATABASE, m.datastore(), "shared DataStore · "
                        + m.datastoreDriver(), true));
            }
            m.dataStores().forEach(d -> boxes.getChildren().add(dataStore(d)));
            boxes.getChildren().forEach(b -> b.setOnMouseClicked(e ->
                    vm.selectionProperty().set(new Selection(Selection.Kind.MANAGEMENT, "", m.name()))));
            for (TenantView t : s.tenants()) {
                boxes.getChildren().add(new ControlPlaneBox(vm, t));
            }
            getChildren().add(boxes);
            boxes.widthProperty().addListener((o, a, b) -> fill(boxes, b.doubleValue()));
            m.dataStores().forEach(d -> {
                if (!d.prefixes().isEmpty()) {
                    getChildren().add(new DataStorePrefixesRow(d));
                }
            });
        }
        m.warnings().forEach(w -> {
            Label l = new WordWrapLabel("⚠ " + io.gpulab.app.gui.vm.Formats.labText(w, s.now()), "warning-text");
            getChildren().add(l);
        });
    }

    /**
     * Widens the boxes to share each row they wrap into: at least {@link #BOX_WIDTH} each, at most
     * {@link #MAX_BOX_WIDTH}, so a wide window shows the effects' sentences instead of their first words.
     */
    private static void fill(FlowPane boxes, double width) {
        int n = boxes.getChildren().size();
        if (n == 0 || width <= 0) {
            return;
        }
        double gap = boxes.getHgap();
        int perRow = (int) Math.max(1, Math.min(n, Math.floor((width + gap) / (BOX_WIDTH + gap))));
        double w = Math.min(MAX_BOX_WIDTH, Math.floor((width - gap * (perRow - 1)) / perRow) - 1);
        for (Node b : boxes.getChildren()) {
            if (b instanceof Region r && w >= BOX_WIDTH) {
                r.setPrefWidth(w);
                r.setMaxWidth(w);
            }
        }
    }

    /** The band's state in one sentence, what is wrong first (a closed band shows only this, wrapped). */
    static String summary(LabSnapshot s) {
        ManagementView m = s.management();
        if (!observed(m)) {
            // --no-management: nothing of the management cluster was read; it read "0 of 2 control planes Ready ·  ·
            // Kamaji not ready ·", states gpulab never saw
            return NOT_OBSERVED;
        }
        long ready = s.tenants().stream().filter(t -> "Ready".equals(t.controlPlane().phase())).count();
        StringBuilder b = new StringBuilder().append(ready).append(" of ").append(s.tenants().size())
                .append(" control planes Ready");
        refusing(s, b);
        for (ManagementView.DataStoreView d : m.dataStores()) {
            b.append(" · DataStore ").append(d.name()).append(' ').append(d.healthy()).append('/')
                    .append(d.members().size()).append(!quorumKept(d) ? " (no quorum)" : d.ready() ? ""
                            : " (not ready)");
        }
        if (!m.nodes().isEmpty()) {
            long up = m.nodes().stream().filter(n -> "Ready".equals(n.state())).count();
            b.append(" · ").append(up).append(" of ").append(m.nodes().size()).append(" nodes Ready");
        }
        b.append(" · ").append(m.name()).append(" · Kamaji ").append(m.kamajiReady() ? "ready" : "not ready");
        if (!m.kamajiReady() && !m.nodes().isEmpty() && m.nodes().stream().noneMatch(n -> "Ready".equals(n.state()))) {
            b.append(": no management node is Ready to run its controller");
        }
        if (m.dataStores().isEmpty()) {
            b.append(" · ").append(m.datastore());
        }
        // the MetalLB pool is set-up, not state: the inspector shows it
        return b.toString();
    }

    /**
     * Kamaji reads Ready for up to 30 s after a DataStore loses its quorum (the pods' /readyz fails 3 probes first):
     * "Ready" alone then reads as working while every read and write is refused, so the summary names them and the
     * client's text ({@code , yet tenant-a and tenant-b refuse reads and writes: Error from server: etcdserver: request
     * timed out}).
     */
    private static void refusing(LabSnapshot s, StringBuilder b) {
        List<TenantView> refusing = s.tenants().stream().filter(t -> t.controlPlane().readyButRefusing()).toList();
        if (refusing.isEmpty()) {
            return;
        }
        List<String> names = refusing.stream().map(TenantView::name).toList();
        String who = names.size() == 1 ? names.get(0) : String.join(", ", names.subList(0, names.size() - 1))
                + " and " + names.get(names.size() - 1);
        b.append(", yet ").append(who).append(names.size() == 1 ? " refuses" : " refuse").append(" reads and writes: ")
                .append(String.join("; ", new java.util.LinkedHashSet<>(refusing.stream()
                        .map(t -> t.controlPlane().apiError()).toList())));
    }

    /** What the band says of a management cluster that was not read. */
    static final String NOT_OBSERVED = "not observed: only the tenants' API servers were read, so their control "
            + "planes, the DataStores and Kamaji are unknown";

    /** Whether anything of the management cluster was read: a lab read from its tenants alone has no name for it. */
    static boolean observed(ManagementView m) {
        return !m.name().isEmpty();
    }

    /**
     * {@code 2 of 3 members up · quorum 2: kept}; a one-server DataStore says up or down. Kept or lost is counted from
     * the members drawn beside it (a real cluster's {@code status.ready} may lag them: then both are said).
     */
    static String health(ManagementView.DataStoreView d) {
        if (d.members().size() == 1 && d.quorum() <= 1) {
            return "server " + (d.ready() ? "up" : "down");
        }
        return d.healthy() + " of " + d.members().size() + " members up · quorum " + d.quorum() + ": "
                + (quorumKept(d) ? "kept" : "lost") + (quorumKept(d) == d.ready() ? ""
                : " · DataStore " + (d.ready() ? "ready" : "not ready"));
    }

    private static boolean quorumKept(ManagementView.DataStoreView d) {
        return d.healthy() >= d.quorum();
    }

    /** Every TenantControlPlane pod by its name. */
    private static Map<String, ControlPlaneView.TcpPodView> owners(LabSnapshot s) {
        Map<String, ControlPlaneView.TcpPodView> owner = new LinkedHashMap<>();
        s.tenants().forEach(t -> t.controlPlane().pods().forEach(p -> owner.put(p.name(), p)));
        return owner;
    }

    static Region dot(String kind) {
        Region dot = new Region();
        dot.getStyleClass().addAll("status-dot", kind);
        return dot;
    }

    static Label pill(String text, String kind, String id) {
        Label l = new Label(text);
        l.getStyleClass().addAll("phase-pill", kind);
        l.setMinWidth(Region.USE_PREF_SIZE);
        l.setId(id);
        return l;
    }

    /** A box's title: its icon and name, the whole width (a management node's name is long). */
    private static HBox titled(String icon, String name) {
        Label n = Texts.clipped(name, "service-name");
        HBox h = new HBox(8, Icons.icon(icon, 16, "service-icon"), n);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    /** The state pill before the first line of detail. */
    private static HBox stated(Label pill, Label detail) {
        HBox.setHgrow(detail, Priority.ALWAYS);
        HBox h = new HBox(6, pill, detail);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    private static VBox box(String id, Node... children) {
        VBox box = new VBox(4, children);
        box.getStyleClass().add("service-box");
        box.setId(id);
        box.setPrefWidth(BOX_WIDTH);
        box.setMaxWidth(BOX_WIDTH);
        return box;
    }

    private static Node node(ManagementView.NodeView n, Map<String, ControlPlaneView.TcpPodView> owner,
                             Map<String, String> tcpOwner, Map<String, ManagementView.DataStoreView> members) {
        String kind = switch (n.state()) {
            case "Ready" -> "ok";
            case "NotReady" -> "error";
            default -> "warn";
        };
        Label facts = Texts.clipped(n.cpu() + " CPU, " + Formats.mb(n.memoryMiB()) + " MiB" + (n.zone().isEmpty()
                ? "" : " · zone " + n.zone()), "muted");
        // Kamaji states no requests unless the TCP does: "0m" beside seven pods reads as a fault without the why
        boolean noneStated = n.cpuRequestedMilli() == 0 && n.memoryRequestedMiB() == 0 && !n.pods().isEmpty();
        Label requested = new WordWrapLabel("requested " + n.cpuRequestedMilli() + "m CPU, "
                + Formats.mb(n.memoryRequestedMiB()) + " MiB" + (noneStated ? ": its " + n.pods().size()
                + (n.pods().size() == 1 ? " pod states" : " pods state") + " no requests" : ""), "muted");
        requested.setId("mgmt-node-requested-" + n.name());
        facts.setId("mgmt-node-facts-" + n.name());
        // one dot per pod, grouped by its owner (a tenant's control plane, a DataStore): the node's load at a glance
        Map<String, HBox> groups = new LinkedHashMap<>();
        for (String p : n.pods()) {
            ControlPlaneView.TcpPodView tcp = owner.get(p);
            ManagementView.DataStoreView ds = tcp != null ? null : members.get(p);
            String group = tcp != null ? tcpOwner.get(p) : ds != null ? "DataStore " + ds.name() : "other";
            boolean memberUp = ds != null && ds.members().stream().anyMatch(x -> x.name().equals(p) && x.up());
            Region dot = dot(tcp != null ? (tcp.ready() ? "ok" : "warn") : ds == null || memberUp ? "ok" : "error");
            dot.getStyleClass().add("mgmt-pod-dot");
            dot.setId("mgmt-pod-" + p);
            javafx.scene.control.Tooltip.install(dot, new javafx.scene.control.Tooltip(p + (tcp != null
                    ? ": TenantControlPlane pod, " + tcp.phase() + (tcp.ready() ? ", ready, " : ", not ready, ")
                    + tcp.version() : ds != null ? ": member of DataStore " + ds.name() + (memberUp ? ", up" : ", down")
                    : "")));
            groups.computeIfAbsent(group, g -> {
                Label l = new Label(g);
                l.getStyleClass().add("component");
                HBox h = new HBox(3, l);
                h.setAlignment(Pos.CENTER_LEFT);
                return h;
            }).getChildren().add(dot);
        }
        FlowPane pods = new FlowPane(10, 3);
        pods.setPrefWrapLength(BOX_WIDTH - 24);
        pods.getChildren().addAll(groups.values());
        if (n.pods().isEmpty()) {
            pods.getChildren().add(Texts.clipped("no pods", "muted"));
        }
        return box("mgmt-node-" + n.name(), titled(Icons.SERVER, n.name()), new HBox(pill(n.state(), kind,
                "mgmt-node-state-" + n.name())), facts, requested, pods);
    }

    /** The TenantControlPlane pods bound to no node, with kube-scheduler's reason; null when every pod is placed. */
    private static @org.jspecify.annotations.Nullable Node unscheduled(LabSnapshot s) {
        // one group per kube-scheduler text: a drained node leaves every replacement with the same sentence
        Map<String, VBox> groups = new LinkedHashMap<>();
        for (TenantView t : s.tenants()) {
            for (ControlPlaneView.TcpPodView p : t.controlPlane().pods()) {
                if (p.node().isEmpty()) {
                    String message = p.message().isEmpty() ? "not bound yet" : p.message();
                    VBox g = groups.computeIfAbsent(message, k -> {
                        Label why = new WordWrapLabel(k, "warning-text", "pending-why");
                        VBox v = new VBox(2, why);
                        v.setId("mgmt-pending-group-" + groups.size());
                        return v;
                    });
                    // a pod's name reads whole: wrapped after its dashes when the box is narrow (a drain at 1280 px
                    // cut every name to "tenant-a-7c…", which were the pods the box is about)
                    Label name = new WordWrapLabel(p.name() + " · " + p.phase(), "mono-muted").breakingPaths();
                    name.setId("mgmt-pending-" + p.name());
                    g.getChildren().add(g.getChildren().size() - 1, name);
                }
            }
        }
        if (groups.isEmpty()) {
            return null;
        }
        VBox rows = new VBox(6);
        rows.getChildren().addAll(groups.values());
        Label title = Texts.clipped("Not scheduled", "service-name");
        HBox head = new HBox(8, title, pill("Pending", "warn", "mgmt-unscheduled-state"));
        head.setAlignment(Pos.CENTER_LEFT);
        return box("mgmt-unscheduled", head, rows);
    }

    private static Node dataStore(ManagementView.DataStoreView d) {
        Label health = new WordWrapLabel(health(d), d.ready() && quorumKept(d) ? "muted" : "warning-text");
        health.setId("datastore-health-" + d.name());
        FlowPane members = new FlowPane(8, 3);
        members.setPrefWrapLength(BOX_WIDTH - 24);
        for (ManagementView.MemberView x : d.members()) {
            Label l = new Label(x.name() + (x.up() ? "" : " · down"));
            l.getStyleClass().add("component");
            javafx.scene.control.Tooltip.install(l, new javafx.scene.control.Tooltip(x.name() + (x.node().isEmpty()
                    ? ", outside the management cluster" : " on " + x.node()) + (x.up() ? ", up" : ", down")));
            HBox chip = new HBox(4, dot(x.up() ? "ok" : "error"), l);
            chip.setAlignment(Pos.CENTER_LEFT);
            chip.setId("ds-member-" + x.name());
            members.getChildren().add(chip);
        }
        VBox box = box("datastore-" + d.name(), titled(Icons.DATABASE, "DataStore " + d.name()),
                stated(pill(d.ready() ? "Ready" : "Not ready", d.ready() ? "ok" : "error", "datastore-state-"
                + d.name()), Texts.clipped(d.driver() + ", " + d.members().size() + (d.members().size() == 1
                ? " server" : " members"), "muted")), health, members);
        if (!d.error().isEmpty()) {
            Label err = new WordWrapLabel("kube-apiserver reads: " + d.error(), "warning-text");
            err.setId("datastore-error-" + d.name());
            box.getChildren().add(err);
        }
        return box;
    }

    private static HBox service(String icon, String name, String detail, boolean ok) {
        Label n = new Label(name);
        n.getStyleClass().add("service-name");
        Label d = new Label(detail);
        d.getStyleClass().add("muted");
        HBox box = new HBox(8, Icons.icon(icon, 16, "service-icon"), new VBox(1, n, d), dot(ok ? "ok" : "error"));
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("service-box");
        return box;
    }
}
