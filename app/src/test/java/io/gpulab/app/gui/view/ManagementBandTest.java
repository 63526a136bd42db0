package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.TenantView;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The management band draws what the engine states (docs/workbench.md, "The management band"): after each Kamaji fault
 * and its healing, every node's state and pods, every DataStore's member health, quorum and prefixes, every
 * TenantControlPlane's status and replicas, and every pod that fits nowhere with kube-scheduler's reason, read from the
 * window and compared with the snapshot and with the values the fault must produce.
 */
@ExtendWith(ApplicationExtension.class)
class ManagementBandTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private Workbench open(FxRobot robot, String scenario) {
        Workbench w = FxTestSupport.showAt(robot, stage, scenario, 1600, 1000, false);
        WaitForAsyncUtils.waitForFxEvents();
        return w;
    }

    private static void act(FxRobot robot, Runnable r) {
        robot.interact(r);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String id) {
        Label l = robot.lookup("#" + id).queryAs(Label.class);
        return l instanceof WordWrapLabel w ? w.getFullText() : l.getText();
    }

    private static boolean shown(FxRobot robot, String id) {
        return robot.lookup("#" + id).tryQuery().isPresent();
    }

    /** Every fact of the band against the snapshot it was drawn from. */
    private static void bandMatches(FxRobot robot, LabSnapshot s) {
        ManagementView m = s.management();
        assertFalse(m.nodes().isEmpty(), "the simulated lab states its management nodes");
        for (ManagementView.NodeView n : m.nodes()) {
            assertEquals(n.state(), text(robot, "mgmt-node-state-" + n.name()), n.name());
            Set<String> chips = new HashSet<>();
            robot.lookup("#mgmt-node-" + n.name()).queryAs(Pane.class).lookupAll(".mgmt-pod-dot")
                    .forEach(c -> chips.add(c.getId().substring("mgmt-pod-".length())));
            assertEquals(new HashSet<>(n.pods()), chips, "pods drawn on " + n.name());
            // "0m" beside pods is explained: Kamaji states no requests unless the TCP does
            String requested = "requested " + n.cpuRequestedMilli() + "m CPU, " + String.format(java.util.Locale.ROOT,
                    "%,d", n.memoryRequestedMiB()) + " MiB" + (n.cpuRequestedMilli() == 0 && n.memoryRequestedMiB() == 0
                    && !n.pods().isEmpty() ? ": its " + n.pods().size() + " pods state no requests" : "");
            assertEquals(requested, text(robot, "mgmt-node-requested-" + n.name()), n.name());
        }
        for (ManagementView.DataStoreView d : m.dataStores()) {
            String expected = d.healthy() + " of " + d.members().size() + " members up · quorum " + d.quorum() + ": "
                    + (d.ready() ? "kept" : "lost");
            assertEquals(expected, text(robot, "datastore-health-" + d.name()));
            assertEquals(d.ready() ? "Ready" : "Not ready", text(robot, "datastore-state-" + d.name()));
            for (ManagementView.MemberView x : d.members()) {
                Node chip = robot.lookup("#ds-member-" + x.name()).query();
                assertTrue(chip.lookup(".status-dot").getStyleClass().contains(x.up() ? "ok" : "error"), x.name());
            }
            d.prefixes().forEach((tenant, prefix) -> assertEquals(tenant + " → prefix " + prefix,
                    text(robot, "ds-prefix-" + d.name() + "-" + tenant)));
            assertEquals(!d.error().isEmpty(), shown(robot, "datastore-error-" + d.name()));
        }
        Set<String> unplaced = new HashSet<>();
        for (TenantView t : s.tenants()) {
            ControlPlaneView cp = t.controlPlane();
            assertEquals(cp.phase(), text(robot, "cp-phase-" + t.name()), t.name());
            assertTrue(text(robot, "cp-replicas-" + t.name()).startsWith(cp.readyReplicas() + " of " + cp.replicas()
                    + " replicas ready · " + cp.version()), text(robot, "cp-replicas-" + t.name()));
            for (ControlPlaneView.TcpPodView p : cp.pods()) {
                if (p.node().isEmpty()) {
                    unplaced.add(p.name());
                    Node chip = robot.lookup("#mgmt-pending-" + p.name()).query();
                    assertEquals(p.message(), ((WordWrapLabel) chip.getParent().lookup(".pending-why")).getFullText(),
                            p.name());
                }
            }
        }
        assertEquals(!unplaced.isEmpty(), shown(robot, "mgmt-unscheduled"));
    }

    private static ManagementView.DataStoreView store(LabSnapshot s) {
        return s.management().dataStores().get(0);
    }

    @Test
    void datastoreMembersLostAndHealedAreDrawnAsTheEngineStatesThem(FxRobot robot) {
        Workbench w = open(robot, "article");
        var vm = w.viewModel();
        bandMatches(robot, vm.snapshot());
        assertEquals("3 of 3 members up · quorum 2: kept", text(robot, "datastore-health-default"));
        assertEquals("Ready", text(robot, "cp-phase-tenant-a"));
        assertTrue(text(robot, "cp-replicas-tenant-a").startsWith("2 of 2 replicas ready"));

        act(robot, () -> vm.faults().setDataStoreMember("default", "kamaji-etcd-0", false));
        bandMatches(robot, vm.snapshot());
        assertEquals("2 of 3 members up · quorum 2: kept", text(robot, "datastore-health-default"));

        act(robot, () -> vm.faults().setDataStoreMember("default", "kamaji-etcd-1", false));
        bandMatches(robot, vm.snapshot());
        assertEquals("1 of 3 members up · quorum 2: lost", text(robot, "datastore-health-default"));
        assertEquals("kube-apiserver reads: etcdserver: request timed out", text(robot, "datastore-error-default"));
        // Kamaji reads Ready until the pods' /readyz has failed 3 probes: the band never says Ready alone meanwhile
        assertEquals("2 of 2 control planes Ready, yet tenant-a and tenant-b refuse reads and writes: Error from "
                + "server: etcdserver: request timed out · DataStore default 1/3 (no quorum) · 1 of 1 nodes Ready · "
                + "kamaji · Kamaji ready", text(robot, "management-summary"));
        for (String t : new String[] {"tenant-a", "tenant-b"}) {
            assertEquals("Ready", text(robot, "cp-phase-" + t));
            assertTrue(robot.lookup("#cp-phase-" + t).query().getStyleClass().contains("warn"), "amber, not green");
            assertEquals("⚠ kube-apiserver pods still ready, though DataStore default has no quorum: their /readyz "
                    + "etcd check fails 3 probes of 10 s first; not ready from 00:00:30 unless the quorum returns",
                    text(robot, "cp-problem-" + t + "-0"), "on the lab's clock");
        }

        act(robot, () -> vm.advance(Duration.ofSeconds(30)));
        bandMatches(robot, vm.snapshot());
        for (String t : new String[] {"tenant-a", "tenant-b"}) {
            assertEquals("NotReady", text(robot, "cp-phase-" + t));
            assertTrue(text(robot, "cp-replicas-" + t).startsWith("0 of 2 replicas ready"));
        }
        assertEquals("0 of 2 control planes Ready · DataStore default 1/3 (no quorum) · 1 of 1 nodes Ready · kamaji · "
                + "Kamaji ready", text(robot, "management-summary"));
        effectsWrapWithinTheirBox(robot, vm.snapshot(), "tenant-a");

        act(robot, () -> vm.faults().setDataStoreMember("default", null, true));
        act(robot, () -> vm.advance(Duration.ofSeconds(10)));
        bandMatches(robot, vm.snapshot());
        assertEquals("3 of 3 members up · quorum 2: kept", text(robot, "datastore-health-default"));
        assertEquals("Ready", text(robot, "cp-phase-tenant-b"));
        assertTrue(robot.lookup("#cp-phase-tenant-b").query().getStyleClass().contains("ok"));
        assertFalse(shown(robot, "datastore-error-default"));
        assertEquals("2 of 2 control planes Ready · DataStore default 3/3 · 1 of 1 nodes Ready · kamaji · Kamaji ready",
                text(robot, "management-summary"));
    }

    /** Each effect is drawn whole, wrapped within the control plane's box, readable without hovering. */
    private static void effectsWrapWithinTheirBox(FxRobot robot, LabSnapshot s, String tenant) {
        ControlPlaneView cp = s.tenant(tenant).orElseThrow().controlPlane();
        assertFalse(cp.effects().isEmpty());
        Node box = robot.lookup("#cp-" + tenant).query();
        double right = box.localToScene(box.getLayoutBounds()).getMaxX();
        boolean wrapped = false;
        for (int i = 0; i < cp.effects().size(); i++) {
            WordWrapLabel l = robot.lookup("#cp-problem-" + tenant + "-" + i).queryAs(WordWrapLabel.class);
            assertEquals("⚠ " + io.gpulab.app.gui.vm.Formats.labText(cp.effects().get(i), s.now()), l.getFullText());
            assertEquals(l.getFullText(), l.getText(), "the whole sentence is drawn, not cut");
            assertTrue(l.localToScene(l.getLayoutBounds()).getMaxX() <= right + 0.5, "inside its box");
            wrapped |= l.getHeight() > 2 * l.getFont().getSize();
        }
        assertTrue(wrapped, "a sentence longer than the box takes several lines");
    }

    @Test
    void aDrainedNodeLeavesTheControlPlanePodsUnscheduledWithKubeSchedulersReason(FxRobot robot) {
        Workbench w = open(robot, "article");
        var vm = w.viewModel();
        act(robot, () -> vm.faults().setManagementNode("kamaji-control-plane", "drained"));
        LabSnapshot s = vm.snapshot();
        bandMatches(robot, s);
        assertEquals("SchedulingDisabled", text(robot, "mgmt-node-state-kamaji-control-plane"));
        assertTrue(text(robot, "management-summary").endsWith(" · 0 of 1 nodes Ready · kamaji · Kamaji not ready: no "
                + "management node is Ready to run its controller"), text(robot, "management-summary"));
        assertTrue(shown(robot, "mgmt-unscheduled"), "the evicted pods' replacements fit nowhere");
        String pending = s.tenant("tenant-a").orElseThrow().controlPlane().pods().stream()
                .filter(p -> p.node().isEmpty()).findFirst().orElseThrow().name();
        assertEquals("0/1 nodes are available: 1 node(s) were unschedulable.", ((WordWrapLabel) robot
                .lookup("#mgmt-pending-" + pending).query().getParent().lookup(".pending-why")).getFullText());

        act(robot, () -> vm.faults().setManagementNode("kamaji-control-plane", "ready"));
        act(robot, () -> vm.advance(Duration.ofSeconds(30)));
        bandMatches(robot, vm.snapshot());
        assertEquals("Ready", text(robot, "mgmt-node-state-kamaji-control-plane"));
        assertFalse(shown(robot, "mgmt-unscheduled"));
        assertTrue(text(robot, "management-summary").endsWith("Kamaji ready"), text(robot, "management-summary"));
    }

    @Test
    void aDrainsUnscheduledPodsReadWholeAt1280x720And1024x768(FxRobot robot) {
        for (int[] size : new int[][] {{1280, 720}, {1024, 768}}) {
            Workbench w = FxTestSupport.showAt(robot, stage, "article", size[0], size[1], false);
            WaitForAsyncUtils.waitForFxEvents();
            if (!shown(robot, "mgmt-node-kamaji-control-plane")) {
                robot.clickOn("#management-toggle"); // a short window opens with the band folded
                WaitForAsyncUtils.waitForFxEvents();
            }
            act(robot, () -> w.viewModel().faults().setManagementNode("kamaji-control-plane", "drained"));
            List<String> cut = new java.util.ArrayList<>();
            robot.interact(() -> robot.lookup("#mgmt-unscheduled").query().lookupAll(".mono-muted").forEach(n -> {
                Label l = (Label) n;
                String full = l instanceof WordWrapLabel w2 ? w2.getFullText() : l.getText();
                String drawn = FxTestSupport.drawn(l);
                if (drawn.contains("…") || drawn.contains("...")
                        || !drawn.replaceAll("\\s+", "").equals(full.replaceAll("\\s+", ""))) {
                    cut.add(size[0] + "x" + size[1] + ": '" + full + "' drawn as '" + drawn + "'");
                }
            }));
            assertTrue(robot.lookup("#mgmt-unscheduled").query().lookupAll(".mono-muted").size() >= 2,
                    "the drained node's control-plane pods are listed");
            assertEquals(List.of(), cut, "pod names cut in the Not scheduled box");
            robot.interact(() -> w.viewModel().close());
        }
    }

    @Test
    void replicasWritePermissionsUpgradeAndSleepAreDrawnPerTenant(FxRobot robot) {
        Workbench w = open(robot, "article");
        var vm = w.viewModel();
        act(robot, () -> vm.faults().loseControlPlaneReplica("tenant-a"));
        bandMatches(robot, vm.snapshot());
        assertTrue(text(robot, "cp-replicas-tenant-a").startsWith("1 of 2 replicas ready"));
        assertTrue(text(robot, "cp-replicas-tenant-b").startsWith("2 of 2 replicas ready"), "the other tenant");
        act(robot, () -> vm.advance(Duration.ofSeconds(30)));
        bandMatches(robot, vm.snapshot());
        assertEquals("Ready", text(robot, "cp-phase-tenant-a"));

        act(robot, () -> vm.faults().setWritePermissions("tenant-b", true, false, false));
        bandMatches(robot, vm.snapshot());
        assertEquals("WriteLimited", text(robot, "cp-phase-tenant-b"));
        assertEquals("writePermissions: blockCreation", text(robot, "cp-write-tenant-b"));
        act(robot, () -> vm.faults().setWritePermissions("tenant-b", false, false, false));
        assertEquals("Ready", text(robot, "cp-phase-tenant-b"));
        assertFalse(shown(robot, "cp-write-tenant-b"));

        act(robot, () -> vm.faults().scaleControlPlane("tenant-a", 0));
        bandMatches(robot, vm.snapshot());
        assertEquals("Sleeping", text(robot, "cp-phase-tenant-a"));
        assertTrue(text(robot, "cp-replicas-tenant-a").startsWith("0 of 0 replicas ready"));
        act(robot, () -> vm.faults().scaleControlPlane("tenant-a", 2));
        act(robot, () -> vm.advance(Duration.ofSeconds(30)));
        bandMatches(robot, vm.snapshot());
        assertEquals("Ready", text(robot, "cp-phase-tenant-a"));

        act(robot, () -> vm.faults().upgradeControlPlane("tenant-a", "v1.35.1"));
        bandMatches(robot, vm.snapshot());
        assertEquals("Upgrading", text(robot, "cp-phase-tenant-a"));
        assertTrue(text(robot, "cp-replicas-tenant-a").contains("v1.35.1 (installed v1.35.0"),
                text(robot, "cp-replicas-tenant-a"));
        act(robot, () -> vm.advance(Duration.ofSeconds(60)));
        bandMatches(robot, vm.snapshot());
        assertEquals("Ready", text(robot, "cp-phase-tenant-a"));
        assertEquals("Ready", text(robot, "cp-phase-tenant-b"));
    }

    @Test
    void aLabThatDoesNotHoldItsControlPlanesShowsThePendingPods(FxRobot robot) {
        Workbench w = open(robot, "tenant-upgrade");
        var vm = w.viewModel();
        bandMatches(robot, vm.snapshot());
        act(robot, () -> vm.faults().upgradeControlPlane("tenant-a", "v1.35.7"));
        LabSnapshot s = vm.snapshot();
        bandMatches(robot, s);
        assertEquals("Upgrading", text(robot, "cp-phase-tenant-a"));
        assertTrue(shown(robot, "mgmt-unscheduled"), "the surge does not fit the management node");
        assertTrue(s.tenant("tenant-a").orElseThrow().controlPlane().pods().stream()
                .anyMatch(p -> p.node().isEmpty() && p.message().contains("Insufficient cpu")));
    }
}
