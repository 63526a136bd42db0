package io.gpulab.app.gui.view;

import static io.gpulab.app.gui.view.FxTestSupport.act;
import static io.gpulab.app.gui.view.FxTestSupport.fullText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.InspectorModel;
import io.gpulab.app.gui.vm.InspectorRow;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.engine.kamaji.ApiErrors;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the window says while the tenants' API servers do not serve, read from the window for a given lab state: every
 * kamaji-etcd member down (no etcd text invented: the request waits out the API server's timeout), the status bar
 * counting the control planes that refuse as the band does, and the Konnectivity switch following the tunnel (no
 * konnectivity-server runs while no control-plane pod is ready), not the agents' switch alone.
 */
@ExtendWith(ApplicationExtension.class)
class ControlPlaneDownOnScreenTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private static boolean visible(FxRobot robot, String id) {
        return robot.lookup("#" + id).tryQuery().map(javafx.scene.Node::isVisible).orElse(false);
    }

    private static boolean has(List<InspectorRow> rows, String category, String name, String value) {
        return rows.contains(new InspectorRow(category, name, value));
    }

    @Test
    void everyMemberDownThenNotReadyIsSaidOnTheBandTheStatusBarAndTheTunnel(FxRobot robot) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1600, 1000, false);
        WaitForAsyncUtils.waitForFxEvents();
        var vm = w.viewModel();
        assertFalse(visible(robot, "status-control-planes"), "every control plane serves");
        ToggleButton konn = robot.lookup("#konnectivity-tenant-a").queryAs(ToggleButton.class);
        assertTrue(konn.getText().endsWith(" up"), konn.getText());

        act(robot, () -> vm.faults().setDataStoreMember("default", null, false));
        assertEquals("2 of 2 control planes Ready, yet tenant-a and tenant-b refuse reads and writes: "
                + ApiErrors.noEtcdMember() + " · DataStore default 0/3 (no quorum) · 1 of 1 nodes Ready · kamaji · "
                + "Kamaji ready", fullText(robot, "management-summary"));
        assertFalse(fullText(robot, "management-summary").contains("etcdserver"), "no etcd member was up to say it");
        assertEquals("kube-apiserver reads: no etcd member answers", fullText(robot, "datastore-error-default"));
        assertTrue(visible(robot, "status-control-planes"));
        assertEquals("2 control planes refuse requests", fullText(robot, "status-control-planes"));
        Label bar = robot.lookup("#status-control-planes").queryAs(Label.class);
        assertEquals("2 control planes refuse requests\n"
                + "tenant-a's control plane: Ready; its API server refuses reads and writes: "
                + ApiErrors.noEtcdMember() + "\ntenant-b's control plane: Ready; its API server refuses reads and "
                + "writes: " + ApiErrors.noEtcdMember(), bar.getTooltip().getText());
        // the pods are still ready: their konnectivity-server runs and the agents hold their tunnel
        assertTrue(konn.getText().endsWith(" up"), konn.getText());

        act(robot, () -> vm.advance(Duration.ofSeconds(30)));
        assertTrue(fullText(robot, "management-summary").startsWith("0 of 2 control planes Ready · "),
                fullText(robot, "management-summary"));
        assertEquals("2 control planes refuse requests", fullText(robot, "status-control-planes"));
        assertTrue(bar.getTooltip().getText().startsWith("2 control planes refuse requests\n"
                + "tenant-a's control plane: NotReady; a client reads: The "
                + "connection to the server "), bar.getTooltip().getText());
        konn = robot.lookup("#konnectivity-tenant-a").queryAs(ToggleButton.class);
        assertTrue(konn.getText().endsWith(" down"), "no konnectivity-server runs: " + konn.getText());
        assertFalse(konn.isSelected(), "the agents' own fault is not on");
        assertTrue(konn.getStyleClass().contains("off"), "red, not green");
        assertTrue(konn.getTooltip().getText().startsWith("Konnectivity down: no konnectivity-server runs: it is a "
                + "container of tenant-a's control-plane pods, and none of them is ready (0 of 2), so the agents "
                + "have no server to hold a tunnel to."), konn.getTooltip().getText());
        var rows = InspectorModel.rows(vm.snapshot(), new Selection(Selection.Kind.TENANT, "tenant-a", "tenant-a"),
                List.of());
        String why = "no konnectivity-server runs: it is a container of tenant-a's control-plane pods, and none of "
                + "them is ready (0 of 2), so the agents have no server to hold a tunnel to";
        assertTrue(has(rows, "Konnectivity", "agents", "not connected: " + why), rows::toString);
        assertTrue(has(rows, "Konnectivity", "HAMi webhook", "unreachable: " + why), rows::toString);
        assertEquals("Konnectivity down: " + why, fullText(robot, "tunnel-error-tenant-a"));

        act(robot, () -> vm.faults().setDataStoreMember("default", null, true));
        act(robot, () -> vm.advance(Duration.ofSeconds(10)));
        assertFalse(visible(robot, "status-control-planes"), "both serve again");
        konn = robot.lookup("#konnectivity-tenant-a").queryAs(ToggleButton.class);
        assertTrue(konn.getText().endsWith(" up"), konn.getText());
    }

    /**
     * The only management node lost: Kamaji's controller has nowhere to run, so the NotReady shown is what it would
     * compute, not what it wrote; the box and the event say so, the status bar counts both control planes and the
     * tunnels are down.
     */
    @Test
    void theManagementNodeLostSaysTheStatusIsWhatKamajiWouldCompute(FxRobot robot) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1600, 1000, false);
        WaitForAsyncUtils.waitForFxEvents();
        var vm = w.viewModel();
        act(robot, () -> vm.faults().setManagementNode("kamaji-control-plane", "lost"));
        assertEquals("NotReady", fullText(robot, "cp-phase-tenant-a"));
        assertEquals("⚠ Kamaji's controller is not running: NotReady is the status it would compute; a real cluster's "
                + "kubectl get tcp keeps the last one it wrote", fullText(robot, "cp-problem-tenant-a-0"));
        var event = vm.events().stream()
                .filter(e -> e.object().endsWith("/tenant-a") && "NotReady".equals(e.reason()))
                .reduce((x, y) -> y).orElseThrow();
        assertTrue(event.message().endsWith(": what Kamaji would compute; its controller is not running (no "
                + "management node is Ready), so a real cluster's status keeps the last one written"), event.message());
        assertEquals("2 control planes refuse requests", fullText(robot, "status-control-planes"));
        ToggleButton konn = robot.lookup("#konnectivity-tenant-b").queryAs(ToggleButton.class);
        assertTrue(konn.getText().endsWith(" down"), konn.getText());

        act(robot, () -> vm.faults().setManagementNode("kamaji-control-plane", "ready"));
        act(robot, () -> vm.advance(Duration.ofSeconds(30)));
        assertEquals("Ready", fullText(robot, "cp-phase-tenant-a"));
        assertFalse(robot.lookup("#cp-problem-tenant-a-0").tryQuery().isPresent(), "nothing left to say");
    }

    /** A lost replica: the amber Unknown is explained in the box as Kamaji's word, the API still serving. */
    @Test
    void aLostReplicasUnknownIsExplainedInItsBox(FxRobot robot) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1600, 1000, false);
        WaitForAsyncUtils.waitForFxEvents();
        act(robot, () -> w.viewModel().faults().loseControlPlaneReplica("tenant-a"));
        assertEquals("Unknown", fullText(robot, "cp-phase-tenant-a"));
        assertEquals("⚠ Unknown is Kamaji's word for a Deployment neither all ready nor upgrading: 1 of 2 replicas "
                + "ready; the API server serves from the ready one", fullText(robot, "cp-problem-tenant-a-0"));
        assertFalse(visible(robot, "status-control-planes"), "it serves: nothing refuses");
        ToggleButton konn = robot.lookup("#konnectivity-tenant-a").queryAs(ToggleButton.class);
        assertTrue(konn.getText().endsWith(" up"), "a server runs in the ready replica: " + konn.getText());
    }

    /** At 1024x768 the status bar says it whole, beside the counts, with the band folded. */
    @Test
    void theRefusingControlPlanesAreReadWholeAt1024x768(FxRobot robot) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        WaitForAsyncUtils.waitForFxEvents();
        act(robot, () -> w.viewModel().faults().setDataStoreMember("default", "kamaji-etcd-0", false));
        act(robot, () -> w.viewModel().faults().setDataStoreMember("default", "kamaji-etcd-1", false));
        Label refusing = robot.lookup("#status-control-planes").queryAs(Label.class);
        assertEquals("2 control planes refuse requests", FxTestSupport.drawn(refusing));
        Label counts = robot.lookup("#status-counts").queryAs(Label.class);
        assertEquals(counts.getText(), FxTestSupport.drawn(counts), "the counts stay whole");
        double right = refusing.getScene().getWidth();
        assertTrue(counts.localToScene(counts.getLayoutBounds()).getMaxX() <= right + 0.5, "inside the window");
        robot.interact(() -> w.viewModel().close());
    }
    /**
     * In presentation type at 1024x768 the count gives way before the window does: whole beside the counts it made
     * the bar, and with it the side panel and the toolbar, wider than the screen ("What the tenants share", step 6).
     */
    @Test
    void inPresentationModeAt1024x768TheBarStaysInsideTheWindowAndTheCountIsOneHoverAway(FxRobot robot) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        act(robot, () -> w.view().setPresentation(true));
        // the walkthrough's state at its step 6: one pod running, a create refused, the clock moved, version 30-odd
        act(robot, () -> w.viewModel().playback().playNextScenarioStep());
        act(robot, () -> w.viewModel().faults().setDataStoreMember("default", "kamaji-etcd-0", false));
        act(robot, () -> w.viewModel().faults().setDataStoreMember("default", "kamaji-etcd-1", false));
        for (int i = 0; i < 12; i++) {
            act(robot, () -> w.viewModel().advance(Duration.ofSeconds(30)));
        }
        act(robot, () -> w.viewModel().submitTemplate(io.gpulab.app.gui.vm.PodTemplate.builtIns().get(0), "tenant-a",
                null));
        assertTrue(w.viewModel().statusProperty().get().length() > 20, "a message to shorten");
        Label refusing = robot.lookup("#status-control-planes").queryAs(Label.class);
        Label counts = robot.lookup("#status-counts").queryAs(Label.class);
        double right = refusing.getScene().getWidth();
        assertEquals(counts.getText(), FxTestSupport.drawn(counts), "the counts stay whole");
        assertTrue(counts.localToScene(counts.getLayoutBounds()).getMaxX() <= right + 0.5,
                "the counts inside the window, not past " + right);
        for (String id : List.of("status", "side-tabs")) {
            javafx.scene.Node n = robot.lookup("#" + id).query();
            assertTrue(n.localToScene(n.getLayoutBounds()).getMaxX() <= right + 0.5, "#" + id + " inside the window");
        }
        String drawn = FxTestSupport.drawn(refusing);
        assertTrue(drawn.equals(refusing.getText())
                        || refusing.getTooltip() != null
                        && refusing.getTooltip().getText().startsWith("2 control planes refuse requests"),
                "drawn '" + drawn + "': cut without its words on hover");
        robot.interact(() -> w.viewModel().close());
    }

    private static List<String> apiLines(FxRobot robot, String tenant) {
        return robot.lookup("#api-" + tenant).tryQuery().map(n -> ((javafx.scene.Parent) n).getChildrenUnmodifiable()
                .stream().map(l -> ((WordWrapLabel) l).getFullText().replaceFirst("^⚠ ", "")).toList()).orElse(List.of());
    }

    /**
     * Two of three kamaji-etcd members lost: from the first moment each tenant's own panel says its DataStore has no
     * quorum and every request times out with etcd's error, and that the API server is not down while its pods are
     * ready (Kamaji reads Ready for 30 s); after the third failed probe, that it is down. The quorum back, it is gone.
     */
    @Test
    void eachTenantsPanelSaysItsDataStoreHasNoQuorumFromTheFirstMoment(FxRobot robot) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1280, 720, false);
        WaitForAsyncUtils.waitForFxEvents();
        var vm = w.viewModel();
        assertEquals(List.of(), apiLines(robot, "tenant-a"), "the API server serves: nothing to say");

        act(robot, () -> vm.faults().setDataStoreMember("default", "kamaji-etcd-0", false));
        assertEquals(List.of(), apiLines(robot, "tenant-a"), "the quorum (2 of 3) holds");
        act(robot, () -> vm.faults().setDataStoreMember("default", "kamaji-etcd-1", false));
        for (String t : List.of("tenant-a", "tenant-b")) {
            assertEquals(List.of("API server cannot store or read anything: its DataStore default has no quorum (1 of "
                    + "3 etcd members up, 2 needed). Every create, read and delete times out: "
                    + ApiErrors.storageTimeout(), "Not down: Kamaji reads Ready; kube-apiserver pods still ready, "
                    + "though DataStore default has no quorum: their /readyz etcd check fails 3 probes of 10 s first; "
                    + "not ready from 00:00:30 unless the quorum returns"), apiLines(robot, t), t);
        }
        act(robot, () -> vm.advance(Duration.ofSeconds(20)));
        assertTrue(apiLines(robot, "tenant-a").get(1).startsWith("Not down: Kamaji reads Ready"),
                "20 s: two probes failed, the pods are still ready");

        act(robot, () -> vm.advance(Duration.ofSeconds(10)));
        List<String> down = apiLines(robot, "tenant-a");
        assertTrue(down.get(0).startsWith("API server down: no kube-apiserver pod is ready (0 of 2; Kamaji reads "
                + "NotReady). A client reads: The connection to the server "), down.toString());
        assertEquals("Its DataStore default has no quorum (1 of 3 etcd members up, 2 needed)", down.get(1));

        act(robot, () -> vm.faults().setDataStoreMember("default", "kamaji-etcd-1", true));
        act(robot, () -> vm.advance(Duration.ofSeconds(10)));
        assertEquals(List.of(), apiLines(robot, "tenant-a"), "the quorum back, the next probe passes");
    }
}
