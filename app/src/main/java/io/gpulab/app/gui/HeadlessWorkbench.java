package io.gpulab.app.gui;

import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.app.gui.fx.FxThread;
import io.gpulab.app.gui.fx.TimedTaskExecutor;
import io.gpulab.app.gui.vm.WriteGate;
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

    /** How long opening took, in milliseconds, as {@code screenshot --frames} reports it (docs/benchmarks.md). */
    public record Opening(double labMillis, double firstFrameMillis, double stepsMillis, int steps) {
        public String line() {
            return String.format(java.util.Locale.ROOT, "lab built by the engine %.0f ms; workbench built and its "
                    + "first frame rendered %.0f ms; %d steps played and shown %.0f ms", labMillis, firstFrameMillis,
                    steps, stepsMillis);
        }
    }

    private Opening opening = new Opening(0, 0, 0, 0);

    private HeadlessWorkbench(Workbench workbench, Stage stage, TimedTaskExecutor tasks) {
        this.workbench = workbench;
        this.stage = stage;
        this.tasks = tasks;
    }

    /** How long the lab took to open, to its first frame, and to play and show its steps. */
    public Opening opening() {
        return opening;
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
        long t0 = System.nanoTime();
        OpenedLab lab = opener.open(scenario);
        long built = System.nanoTime();
        var unreadable = lab.backend().unreadable();
        if (unreadable.isPresent()) {
            // a picture of an empty lab would pass for the cluster's: say why there is none instead
            lab.backend().close();
            throw new IllegalStateException("cannot read the cluster: " + unreadable.get());
        }
        HeadlessFx.start();
        FirstFrame first = new FirstFrame();
        long fx0 = System.nanoTime();
        HeadlessWorkbench hw = HeadlessFx.call(() -> {
            TimedTaskExecutor tasks = new TimedTaskExecutor();
            // the lab's announcements are UI work (on the FX thread in the desktop app too), not engine work
            Workbench w = new Workbench(lab, opener, WriteGate.DENY, tasks, tasks.ui(FxThread::runNowOrLater));
            Stage stage = new Stage();
            stage.setScene(w.scene(width, height, dark));
            first.watch(stage.getScene());
            stage.show();
            return new HeadlessWorkbench(w, stage, tasks);
        });
        long shown = first.await();
        FirstFrame stepsShown = new FirstFrame();
        long play0 = System.nanoTime();
        int played = HeadlessFx.call(() -> {
            Workbench w = hw.workbench;
            int before = w.viewModel().playback().scenarioStepsPlayed();
            stepsShown.watch(hw.stage.getScene());
            if (steps > 0 && w.viewModel().simulated()) {
                w.viewModel().playback().playScenarioSteps(steps);
            }
            // a lab without steps changes nothing: ask for a frame anyway, so the wait below ends
            hw.stage.getScene().getRoot().requestLayout();
            return w.viewModel().playback().scenarioStepsPlayed() - before;
        });
        long stepsDone = played > 0 ? stepsShown.await() : System.nanoTime();
        hw.opening = new Opening((built - t0) / 1e6, (shown - fx0) / 1e6, (stepsDone - play0) / 1e6, played);
        HeadlessFx.call(() -> {
            if (select != null) {
                selectPod(hw.workbench, select);
            }
            hw.stage.getScene().getRoot().applyCss();
            hw.stage.getScene().getRoot().layout();
            return null;
        });
        return hw;
    }

    /** The time of the next frame the toolkit renders for a scene (its own rendered-frame hook). */
    private static final class FirstFrame {
        private final java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        private volatile long at;
        private com.sun.javafx.perf.@Nullable PerformanceTracker tracker;
        private javafx.scene.@Nullable Scene scene;

        /** Call on the FX thread before the change whose frame is awaited. */
        void watch(javafx.scene.Scene s) {
            scene = s;
            tracker = com.sun.javafx.perf.PerformanceTracker.getSceneTracker(s);
            tracker.setOnRenderedFrameTask(() -> {
                if (at == 0) {
                    at = System.nanoTime();
                    done.countDown();
                }
            });
        }

        /** Waits (off the FX thread) for the frame; its time in {@link System#nanoTime} terms. */
        long await() throws Exception {
            if (!done.await(10, java.util.concurrent.TimeUnit.MINUTES)) {
                throw new IllegalStateException("no frame was rendered within 10 minutes");
            }
            HeadlessFx.call(() -> {
                tracker.setOnRenderedFrameTask(null);
                com.sun.javafx.perf.PerformanceTracker.releaseSceneTracker(scene);
                return null;
            });
            return at;
        }
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

    /** CPU nanoseconds of the engine's work so far, all on the FX thread here (read on the FX thread). */
    public long engineCpuNanos() {
        return tasks.workCpuNanos();
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
