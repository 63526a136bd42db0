package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.kamaji.KamajiVersions;
import io.gpulab.engine.lab.KubeVersion;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/**
 * The Kamaji half's faults, their healing and the upgrade drill, as the Faults menu offers them: what the lab on
 * screen can be told now (a member that is down is offered up, never down again). Each item sends one engine
 * command, so each is one step of the lab's history, one Undo, and its scenario step in exports.
 */
public final class KamajiFaultsMenu {

    private KamajiFaultsMenu() {
    }

    /** The "Management cluster" submenu and one "Control plane of T" submenu per tenant. */
    static List<MenuItem> items(WorkbenchViewModel vm) {
        LabSnapshot s = vm.snapshot();
        List<MenuItem> out = new ArrayList<>();
        Menu mgmt = management(vm, s.management());
        if (!mgmt.getItems().isEmpty()) {
            out.add(mgmt);
        }
        for (TenantView t : s.tenants()) {
            Menu cp = controlPlane(vm, t);
            if (!cp.getItems().isEmpty()) {
                out.add(cp);
            }
        }
        return out;
    }

    private static Menu management(WorkbenchViewModel vm, ManagementView m) {
        Menu menu = new Menu("Management cluster " + m.name());
        menu.setId("faults-management");
        for (ManagementView.DataStoreView d : m.dataStores()) {
            for (ManagementView.MemberView x : d.members()) {
                menu.getItems().add(item((x.up() ? "Stop" : "Start") + " member " + x.name() + " of DataStore "
                        + d.name(), "fault-member-" + x.name(),
                        () -> vm.faults().setDataStoreMember(d.name(), x.name(), !x.up())));
            }
            boolean allUp = d.members().stream().allMatch(ManagementView.MemberView::up);
            menu.getItems().add(item(allUp ? "Take DataStore " + d.name() + " down (every member)"
                    : "Bring DataStore " + d.name() + " up (every member)", "fault-datastore-" + d.name(),
                    () -> vm.faults().setDataStoreMember(d.name(), null, !allUp)));
            menu.getItems().add(new SeparatorMenuItem());
        }
        for (ManagementView.NodeView n : m.nodes()) {
            if ("Ready".equals(n.state())) {
                menu.getItems().add(item("Lose management node " + n.name(), "fault-node-lost-" + n.name(),
                        () -> vm.faults().setManagementNode(n.name(), "lost")));
                menu.getItems().add(item("Drain management node " + n.name(), "fault-node-drained-" + n.name(),
                        () -> vm.faults().setManagementNode(n.name(), "drained")));
            } else {
                menu.getItems().add(item("Bring management node " + n.name() + " back ("
                        + ("NotReady".equals(n.state()) ? "lost" : "drained") + " now)", "fault-node-ready-"
                        + n.name(), () -> vm.faults().setManagementNode(n.name(), "ready")));
            }
        }
        if (!menu.getItems().isEmpty() && menu.getItems().get(menu.getItems().size() - 1)
                instanceof SeparatorMenuItem sep) {
            menu.getItems().remove(sep);
        }
        return menu;
    }

    private static Menu controlPlane(WorkbenchViewModel vm, TenantView t) {
        ControlPlaneView cp = t.controlPlane();
        String name = t.name();
        Menu menu = new Menu("Control plane of " + name + " (" + cp.phase() + ", " + cp.readyReplicas() + "/"
                + cp.replicas() + " ready)");
        menu.setId("faults-cp-" + name);
        if (cp.pods().stream().anyMatch(ControlPlaneView.TcpPodView::ready)) {
            menu.getItems().add(item("Lose a control-plane replica of " + name, "fault-replica-" + name,
                    () -> vm.faults().loseControlPlaneReplica(name)));
        }
        if (cp.components().stream().anyMatch(c -> "konnectivity-server".equals(c.name()))) {
            menu.getItems().add(item("Restart konnectivity-server of " + name, "fault-konnectivity-server-" + name,
                    () -> vm.faults().restartKonnectivityServer(name)));
        }
        boolean revoked = cp.has("dataStoreAccess: revoked");
        if (revoked || !"etcd".equalsIgnoreCase(driver(vm, cp))) {
            if (revoked) {
                menu.getItems().add(item("Grant " + name + "'s DataStore access again (etcd role on "
                        + cp.dataStoreSchema() + ")", "fault-access-" + name,
                        () -> vm.faults().setDataStoreAccess(name, true)));
            }
        } else {
            menu.getItems().add(item("Revoke " + name + "'s DataStore access (etcd role on its prefix)",
                    "fault-access-" + name, () -> vm.faults().setDataStoreAccess(name, false)));
        }
        for (String c : List.of("kube-scheduler", "kube-controller-manager")) {
            boolean down = cp.has(c + ": down");
            menu.getItems().add(item((down ? "Bring " + c + " of " + name + " back" : "Stop " + c + " of " + name
                    + " (its container runs, it does nothing)"), "fault-" + c + "-" + name,
                    () -> vm.faults().setControlPlaneComponent(name, c, down)));
        }
        if ("none".equals(cp.writePermissions())) {
            menu.getItems().add(item("Block creates in " + name + " (writePermissions: blockCreation)",
                    "fault-write-create-" + name, () -> vm.faults().setWritePermissions(name, true, false, false)));
            menu.getItems().add(item("Block every write in " + name + " (writePermissions: all)",
                    "fault-write-all-" + name, () -> vm.faults().setWritePermissions(name, true, true, true)));
        } else {
            menu.getItems().add(item("Clear writePermissions of " + name + " (now " + cp.writePermissions() + ")",
                    "fault-write-none-" + name, () -> vm.faults().setWritePermissions(name, false, false, false)));
        }
        String next = nextVersion(cp.version());
        if (next != null) {
            menu.getItems().add(item("Upgrade " + name + " from " + cp.version() + " to " + next,
                    "fault-upgrade-" + name, () -> vm.faults().upgradeControlPlane(name, next)));
        }
        menu.getItems().add(new SeparatorMenuItem());
        int opened = vm.history().openedSnapshot().tenant(name).map(o -> o.controlPlane().replicas()).orElse(2);
        int back = opened > 0 ? opened : 2;
        if (cp.replicas() != 0) {
            menu.getItems().add(item("Scale " + name + "'s control plane to 0 (Sleeping)", "fault-scale-0-" + name,
                    () -> vm.faults().scaleControlPlane(name, 0)));
        }
        for (int r : back == 1 ? new int[] {1} : new int[] {1, back}) {
            if (r != cp.replicas()) {
                menu.getItems().add(item("Scale " + name + "'s control plane to " + r, "fault-scale-" + r + "-" + name,
                        () -> vm.faults().scaleControlPlane(name, r)));
            }
        }
        return menu;
    }

    /**
     * The next minor release when Kamaji's webhook admits it, else the next patch release (Kamaji compares no patch:
     * the Deployment still rolls out the new image). Null when the version cannot be read.
     */
    public static @org.jspecify.annotations.Nullable String nextVersion(String version) {
        KubeVersion v;
        try {
            v = KubeVersion.parse(version, "spec.kubernetes.version");
        } catch (IllegalArgumentException e) {
            return null;
        }
        KubeVersion minor = KubeVersion.parse("v" + v.major() + "." + (v.minor() + 1) + ".0", "next");
        if (KamajiVersions.refusal(v, minor) == null) {
            return minor.text();
        }
        return "v" + v.major() + "." + v.minor() + "." + (v.patch() + 1);
    }

    /** The driver of the control plane's DataStore, empty when the management cluster does not list it. */
    private static String driver(WorkbenchViewModel vm, ControlPlaneView cp) {
        return vm.snapshot().management().dataStores().stream().filter(d -> d.name().equals(cp.dataStore()))
                .map(ManagementView.DataStoreView::driver).findFirst().orElse("");
    }

    private static MenuItem item(String text, String id, Runnable action) {
        MenuItem i = new MenuItem(text);
        i.setId(id);
        i.setOnAction(e -> action.run());
        return i;
    }
}
