package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import io.gpulab.engine.api.TenantView;
import java.time.Duration;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;

/** Menus with the keyboard shortcuts for the common actions. */
public final class MenuBarView extends MenuBar {

    public MenuBarView(WorkbenchViewModel vm, WorkbenchActions a, WalkthroughViewModel wvm, List<String> scenarios,
                       java.util.function.Consumer<Walkthrough> startWalkthrough, Runnable presentation) {
        Menu open = new Menu("Open built-in scenario");
        scenarios.forEach(s -> open.getItems().add(item(s, null, () -> vm.files().open(s))));
        Menu file = new Menu("File", null,
                item("Open scenario…", "Shortcut+O", a::openScenario), open,
                item("Open snapshot…", null, a::openSnapshot),
                item("Save scenario…", "Shortcut+S", a::saveScenario), new SeparatorMenuItem(),
                item("Export canvas PNG (1x)…", "Shortcut+E", () -> a.exportPng(false, 1)),
                item("Export canvas PNG (2x)…", "Shortcut+Shift+E", () -> a.exportPng(false, 2)),
                item("Export window PNG (1x)…", null, () -> a.exportPng(true, 1)),
                item("Export window PNG (2x)…", null, () -> a.exportPng(true, 2)),
                item("Export slide PNG (1x)…", null, () -> a.exportSlide(1)),
                item("Export slide PNG (2x)…", null, () -> a.exportSlide(2)),
                item("Export review report (PDF)…", "Shortcut+P", a::exportReport), new SeparatorMenuItem(),
                item("Quit", "Shortcut+Q", () -> {
                    if (vm.files().mayDiscard("Quit gpulab")) {
                        Platform.exit();
                    }
                }));
        Menu lab = new Menu("Lab", null,
                item("Play scenario", "Shortcut+Enter", vm.playback()::playScenarioSteps),
                item("Play next scenario step", "Shortcut+Shift+Enter", vm.playback()::playNextScenarioStep),
                item("Run / pause clock", "F5", () -> vm.playingProperty().set(!vm.playingProperty().get())),
                item("Step 30 s", "F6", () -> vm.advance(Duration.ofSeconds(30))),
                item("Advance 5 min", "F7", () -> vm.advance(Duration.ofMinutes(5))), new SeparatorMenuItem(),
                item("Paste Pod YAML", "Shortcut+V", a::pasteYaml),
                item("Delete selected pod", "Delete", a::deleteSelected),
                item("Unlock node", "Shortcut+U", a::unlock), new SeparatorMenuItem(),
                item("Undo last action", "Shortcut+Z", vm.history()::undo),
                item("Redo", "Shortcut+Shift+Z", vm.history()::redo),
                item("Reset lab", "Shortcut+Shift+R", vm::reset));
        Menu faults = new Menu("Faults");
        faults.setOnShowing(e -> fillFaults(faults, vm, a));
        fillFaults(faults, vm, a);
        Menu view = new Menu("View", null, item("Toggle light / dark theme", "Shortcut+T", a::toggleTheme),
                item("Presentation mode (larger type, less chrome)", "Shortcut+Shift+F", presentation),
                item("Isolation by layer…", "Shortcut+I",
                        () -> io.gpulab.app.gui.isolation.IsolationWindow.show(vm, getScene().getWindow())));
        Menu guide = new Menu("Walkthroughs");
        for (Walkthrough w : wvm.available()) {
            guide.getItems().add(item(w.title(), null, () -> startWalkthrough.accept(w)));
        }
        Menu plan = new Menu("Plan", null, item("Compare candidate platforms…", "Shortcut+L",
                () -> io.gpulab.app.gui.plan.PlanWindow.show(vm, getScene().getWindow())));
        getMenus().addAll(file, lab, faults, view, guide, plan);
        setUseSystemMenuBar(true);
    }

    private static void fillFaults(Menu faults, WorkbenchViewModel vm, WorkbenchActions a) {
        faults.getItems().clear();
        for (TenantView t : vm.snapshot().tenants()) {
            faults.getItems().add(konnectivity(vm, t));
            String other = "Ignore".equals(t.webhookFailurePolicy()) ? "Fail" : "Ignore";
            faults.getItems().add(item("Set webhook failurePolicy of " + t.name() + " to " + other, null,
                    () -> vm.faults().setWebhookPolicy(t.name(), other)));
            t.nodes().stream().limit(8).forEach(n -> {
                boolean kubeletDown = t.controlPlane().has("kubelet of " + n.name() + ": down");
                faults.getItems().add(item((kubeletDown ? "Bring back kubelet of " : "Stop kubelet of ") + n.name(),
                        null, () -> vm.faults().setKubelet(t.name(), n.name(), kubeletDown)));
                faults.getItems().add(item("Restart device plugin on " + n.name(), null,
                        () -> vm.faults().restartPlugin(t.name(), n.name())));
                n.cards().forEach(c -> faults.getItems().add(item("Mark " + c.id() + " on " + n.name()
                        + (c.health() ? " unhealthy" : " healthy"), null,
                        () -> vm.faults().setCardHealth(t.name(), c.id(), !c.health()))));
            });
            faults.getItems().add(new SeparatorMenuItem());
        }
        faults.getItems().addAll(KamajiFaultsMenu.items(vm));
        faults.getItems().add(new SeparatorMenuItem());
        // an action, worded as one: "Device plugin lifecycle: article" read as the lab's state while it was complete
        String now = vm.snapshot().lifecycle();
        String mode = "article".equals(now) ? "complete" : "article";
        faults.getItems().add(item("Switch the device plugin's lifecycle to " + mode + " (now " + now + ")", null,
                () -> a.lifecycle(mode)));
        if (!vm.simulated()) {
            // every fault is a command of the simulation, which a real cluster refuses: offered, each would only
            // fail on the status line, so they are shown disabled under the reason
            disableAll(faults.getItems());
            faults.getItems().add(0, note("Faults change the simulated lab only: this is a real cluster ("
                    + vm.backendId() + " backend), observed, never broken from here"));
            faults.getItems().add(1, new SeparatorMenuItem());
        }
    }

    /**
     * The tenant's Konnectivity item: take its agents down or bring them up, as the lab stands; a tenant whose pods
     * could not be read shows no agent pod, which says nothing about its agents, so there is nothing to switch: the
     * item says so, disabled (it offered "Bring up", a claim that they were down).
     */
    static MenuItem konnectivity(WorkbenchViewModel vm, TenantView t) {
        if (!t.tunnel().known()) {
            MenuItem i = note("Konnectivity agents of " + t.name() + ": unknown, its pods could not be read");
            i.setId("menu-konnectivity-" + t.name());
            return i;
        }
        boolean up = t.tunnel().agentsUp();
        MenuItem i = item((up ? "Take down" : "Bring up") + " Konnectivity agents of " + t.name(), null,
                () -> vm.faults().setKonnectivity(t.name(), !up));
        i.setId("menu-konnectivity-" + t.name());
        return i;
    }

    /** A line of the menu that explains and does nothing. */
    private static MenuItem note(String text) {
        MenuItem i = new MenuItem(text);
        i.setDisable(true);
        return i;
    }

    private static void disableAll(List<MenuItem> items) {
        for (MenuItem i : items) {
            if (i instanceof Menu m) {
                // a submenu still opens: what the simulation would offer is read, not sent
                disableAll(m.getItems());
            } else {
                i.setDisable(true);
            }
        }
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem i = new MenuItem(text);
        if (accelerator != null) {
            i.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        i.setOnAction(e -> action.run());
        return i;
    }
}
