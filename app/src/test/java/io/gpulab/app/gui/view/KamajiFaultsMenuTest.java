package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.event.Event;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Faults menu's Kamaji items: each is one action of the lab's history (one Undo brings the lab back exactly), and
 * the recorded scenario writes it as its scenario step; an item's healing is offered once the fault holds.
 */
@ExtendWith(ApplicationExtension.class)
class KamajiFaultsMenuTest {

    /** The id prefix of each kind of item, and the scenario step key the recording must then hold. */
    private static final Map<String, String> STEP = new LinkedHashMap<>();

    static {
        STEP.put("fault-member-", "dataStore: default");
        STEP.put("fault-datastore-", "dataStore: default");
        STEP.put("fault-node-", "managementNode: kamaji-control-plane");
        STEP.put("fault-replica-", "tcpReplica: lost");
        STEP.put("fault-konnectivity-server-", "konnectivityServer: restart");
        STEP.put("fault-write-", "writePermissions:");
        STEP.put("fault-access-", "dataStoreAccess: revoked");
        STEP.put("fault-kube-scheduler-", "component: kube-scheduler");
        STEP.put("fault-kube-controller-manager-", "component: kube-controller-manager");
        STEP.put("fault-upgrade-", "upgrade:");
        STEP.put("fault-scale-", "scale:");
    }

    private Workbench workbench;

    private Stage stage;

    /** The workbench opens in the test, not in TestFX's setup, whose 60 s guard a loaded machine outlasts. */
    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private void open(FxRobot robot) {
        workbench = FxTestSupport.showAt(robot, stage);
    }

    private static Menu faults(FxRobot robot) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu f = bar.getMenus().stream().filter(m -> "Faults".equals(m.getText())).findFirst().orElseThrow();
        // the menu fills itself from the lab when it opens
        robot.interact(() -> f.getOnShowing().handle(new Event(Menu.ON_SHOWING)));
        return f;
    }

    private static List<MenuItem> kamajiItems(Menu m) {
        List<MenuItem> out = new ArrayList<>();
        for (MenuItem i : m.getItems()) {
            if (i instanceof Menu sub) {
                out.addAll(kamajiItems(sub));
            } else if (i.getId() != null && i.getId().startsWith("fault-")) {
                out.add(i);
            }
        }
        return out;
    }

    private static MenuItem item(FxRobot robot, String id) {
        return kamajiItems(faults(robot)).stream().filter(i -> id.equals(i.getId())).findFirst()
                .orElseThrow(() -> new AssertionError("no Faults item " + id));
    }

    private static String stepKey(String id) {
        return STEP.entrySet().stream().filter(e -> id.startsWith(e.getKey())).map(Map.Entry::getValue).findFirst()
                .orElseThrow(() -> new AssertionError("unexpected item " + id));
    }

    /** Fires the item; it is one action, recorded as its scenario step. Returns the lab after it. */
    private LabSnapshot fire(FxRobot robot, MenuItem i) {
        WorkbenchViewModel vm = workbench.viewModel();
        int actions = vm.history().timeline().size();
        long version = vm.snapshot().version();
        robot.interact(i::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(actions + 1, vm.history().timeline().size(), i.getText() + ": one action");
        assertNotEquals(version, vm.snapshot().version(), i.getText() + ": the lab changed");
        String text = vm.recording().text();
        assertTrue(text.contains(stepKey(i.getId())), i.getText() + ": recorded as its step\n" + text);
        return vm.snapshot();
    }

    private void undo(FxRobot robot) {
        robot.interact(() -> workbench.viewModel().history().undo());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void sameKamajiState(LabSnapshot expected, LabSnapshot actual, String what) {
        assertEquals(expected.management(), actual.management(), what + ": management cluster");
        for (int t = 0; t < expected.tenants().size(); t++) {
            assertEquals(expected.tenants().get(t).controlPlane(), actual.tenants().get(t).controlPlane(),
                    what + ": control plane of " + expected.tenants().get(t).name());
        }
    }

    @Test
    void everyKamajiItemIsOneUndoableStepAndItsHealingIsOffered(FxRobot robot) {
        open(robot);
        WorkbenchViewModel vm = workbench.viewModel();
        LabSnapshot opened = vm.snapshot();
        List<String> ids = kamajiItems(faults(robot)).stream().map(MenuItem::getId).toList();
        for (String kind : STEP.keySet()) {
            assertTrue(ids.stream().anyMatch(id -> id.startsWith(kind)), "the menu offers " + kind + ": " + ids);
        }
        for (String id : ids) {
            MenuItem i = item(robot, id);
            String fault = i.getText();
            fire(robot, i);
            // the same control now offers the healing (members, DataStore) or a heal item does
            String heal = id.startsWith("fault-node-") ? "fault-node-ready-kamaji-control-plane"
                    : id.startsWith("fault-write-") ? "fault-write-none-" + id.substring(id.lastIndexOf("tenant-"))
                    : id.startsWith("fault-scale-0-") ? "fault-scale-2-" + id.substring("fault-scale-0-".length())
                    : id.startsWith("fault-member-") || id.startsWith("fault-datastore-")
                    || id.startsWith("fault-access-") || id.startsWith("fault-kube-") ? id : null;
            if (heal != null) {
                MenuItem h = item(robot, heal);
                assertNotEquals(fault, h.getText(), "the healing is offered: " + h.getText());
                fire(robot, h);
                undo(robot);
            }
            undo(robot);
            assertEquals(0, vm.history().timeline().size(), fault + ": undone");
            sameKamajiState(opened, vm.snapshot(), fault + " undone");
        }
    }
}
