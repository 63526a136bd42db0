package io.gpulab.app.gui;

import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.app.gui.fx.TimedTaskExecutor;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import javafx.stage.Stage;
import org.jspecify.annotations.Nullable;

/**
 * The workbench on a scenario without a display (screenshot and report commands): Monocle headless
 * toolkit, engine calls on the FX thread in order, the scenario's steps played first.
 */
public final class HeadlessWorkbench implements AutoCloseable {

    private final Workbench workbench;
    private final Stage stage;
    private final TimedTaskExecutor tasks;

    private HeadlessWorkbench(Workbench workbench, Stage stage, TimedTaskExecutor tasks) {
        this.workbench = workbench;
        this.stage = stage;
        this.tasks = tasks;
    }

    /**
     * Opens {@code scenario}, plays its first {@code steps} lab-changing steps, and selects {@code select}
     * ({@code tenant/ns/name} of a pod, {@code pending} for the last pod that did not run, or
     * {@code tenant/worker}).
     */
    public static HeadlessWorkbench open(String scenario, int steps, @Nullable String select, boolean dark,
                                         int width, int height) throws Exception {
        return open(EngineLabOpener.sim(), scenario, steps, select, dark, width, height);
    }

    /**
     * The same on any backend. On a real cluster the lab is shown as observed: steps are not played,
     * since nobody is there to confirm the writes.
     *
     * @throws IllegalStateException when a real lab could not be read at all (refused, unreachable)
     */
    public static HeadlessWorkbench open(EngineLabOpener opener, String scenario, int steps, @Nullable String select,
                                         boolean dark, int width, int height) throws Exception {
        // connect first: a lab that cannot be opened must not leave a started toolkit behind
        OpenedLab lab = opener.open(scenario);
        var unreadable = lab.backend().unreadable();
        if (unreadable.isPresent()) {
            // a picture of an empty lab would pass for the cluster's: say why there is none instead
            lab.backend().close();
            throw new IllegalStateException("cannot read the cluster: " + unreadable.get());
        }
        HeadlessFx.start();
        return HeadlessFx.call(() -> {
            TimedTaskExecutor tasks = new TimedTaskExecutor();
            Workbench w = new Workbench(lab, opener, tasks);
            Stage stage = new Stage();
            stage.setScene(w.scene(width, height, dark));
            stage.show();
            if (steps > 0 && w.viewModel().simulated()) {
                w.viewModel().playback().playScenarioSteps(steps);
            }
            if (select != null) {
                selectPod(w, select);
            }
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            return new HeadlessWorkbench(w, stage, tasks);
        });
    }

    private static void selectPod(Workbench w, String select) {
        Selection chosen = null;
        for (TenantView t : w.viewModel().snapshot().tenants()) {
            for (PodView p : t.pods()) {
                boolean pendingPick = "pending".equals(select) && !"Running".equals(p.phase());
                if (pendingPick || select.equals(t.name() + "/" + p.key())) {
                    chosen = Selection.pod(t.name(), p.key());
                }
            }
        }
        for (TenantView t : w.viewModel().snapshot().tenants()) {
            for (var n : t.nodes()) {
                if (select.equals(t.name() + "/" + n.name())) {
                    chosen = Selection.node(t.name(), n.name());
                }
            }
        }
        if (chosen == null) {
            throw new IllegalArgumentException("--select " + select
                    + ": no such pod or worker (use TENANT/NAMESPACE/NAME or TENANT/WORKER)");
        }
        w.viewModel().selectionProperty().set(chosen);
    }

    public Workbench workbench() {
        return workbench;
    }

    /** Nanoseconds the engine has worked so far (read on the FX thread). */
    public long engineNanos() {
        return tasks.workNanos();
    }

    @Override
    public void close() throws Exception {
        HeadlessFx.call(() -> {
            workbench.viewModel().close();
            stage.close();
            return null;
        });
        HeadlessFx.exit();
    }
}
