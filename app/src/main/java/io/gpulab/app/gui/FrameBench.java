package io.gpulab.app.gui;

import com.sun.javafx.perf.PerformanceTracker;
import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.app.gui.vm.PodTemplate;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.input.DragEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.robot.Robot;
import javafx.scene.control.ScrollPane;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import javafx.scene.Scene;
import org.jspecify.annotations.Nullable;

/**
 * Frame time of the workbench as the toolkit draws it: one frame = the UI work a lab change triggers on
 * the FX thread (the engine's own work excluded: the desktop app runs it on a background thread) plus
 * the pulse that shows it, from the pulse's start (CSS, layout, copy to the render graph) to the frame
 * rendered (painting the dirty regions, presenting). Timed with the toolkit's own pulse and
 * rendered-frame hooks; the pulses are the toolkit's (60 Hz), not forced. Call from a thread other
 * than the FX thread.
 */
public final class FrameBench {

    /**
     * Percentiles in milliseconds, the median of each part of a frame, and the CPU a frame costs: the FX thread's
     * from the change to the frame rendered (the engine's own work taken out) and the renderer thread's in that
     * time, per frame (medians, p99 of both together) and over the whole series divided by its frames (which also
     * holds any work a change leaves for the pulses after its frame).
     */
    public record Result(int frames, double p50, double p99, double max, double uiP50, double pulseP50,
                         double renderP50, double fxCpuP50, double renderCpuP50, double cpuP50, double cpuP99,
                         double seriesFxCpu, double seriesRenderCpu) {
        public String line() {
            return String.format(Locale.ROOT, "%d frames: p50 %.1f ms, p99 %.1f ms, max %.1f ms"
                            + " (medians: change %.1f ms, CSS/layout %.1f ms, sync and render %.1f ms);"
                            + " CPU a frame, engine excluded: FX thread p50 %.1f ms, renderer p50 %.1f ms,"
                            + " both p50 %.1f ms, p99 %.1f ms; whole series %.1f + %.1f ms a frame",
                    frames, p50, p99, max, uiP50, pulseP50, renderP50, fxCpuP50, renderCpuP50, cpuP50, cpuP99,
                    seriesFxCpu, seriesRenderCpu);
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** One frame's work, run on the FX thread; returns the FX-thread nanoseconds it took, engine excluded. */
    @FunctionalInterface
    private interface Change {
        long apply() throws Exception;
    }

    private static final class Stamps {
        volatile boolean armed;
        volatile long pulse;
        volatile long laidOut;
        volatile long rendered;
        /** The FX and renderer threads' CPU time when the frame was rendered. */
        volatile long fxCpu;
        volatile long renderCpu;
        /** Set for each frame before it is armed. */
        volatile @Nullable CountDownLatch done;
    }

    /** Frames measured first and not counted: classes load and caches fill on them. */
    public static final int WARM_UP = 3;

    private FrameBench() {
    }

    /** {@code frames} frames, each after one lab change (a 1 s clock advance). */
    public static Result changes(HeadlessWorkbench w, int frames) throws Exception {
        return run(w.workbench().view().getScene(), frames, w::engineCpuNanos, () -> {
            long engine0 = w.engineNanos();
            long t0 = System.nanoTime();
            w.workbench().viewModel().advance(Duration.ofSeconds(1));
            return System.nanoTime() - t0 - (w.engineNanos() - engine0);
        }, false);
    }

    /** The pod series: every frame, and apart the frames of pods landing and of pods leaving. */
    public record Pods(Result all, Result landed, Result left) { }

    /**
     * {@code frames} frames, each after a pod is submitted to (even frames) or deleted from (odd frames) the
     * tenant with the most workers, scrolled into view: the worker HAMi picks changes on screen.
     */
    public static Pods pods(HeadlessWorkbench w, int frames) throws Exception {
        WorkbenchViewModel vm = w.workbench().viewModel();
        TenantView big = HeadlessFx.call(() -> {
            TenantView t = vm.snapshot().tenants().stream()
                    .max(Comparator.comparingInt(x -> x.nodes().size())).orElseThrow();
            scrollTo(w.workbench().view().getScene(), t.name());
            return t;
        });
        PodTemplate template = PodTemplate.builtIns().get(0);
        String[] submitted = {null};
        Series series = measure(w.workbench().view().getScene(), frames, w::engineCpuNanos, () -> {
            long engine0 = w.engineNanos();
            long t0 = System.nanoTime();
            if (submitted[0] == null) {
                Set<String> before = keys(vm, big.name());
                vm.submitTemplate(template, big.name(), null);
                long ui = System.nanoTime() - t0 - (w.engineNanos() - engine0);
                submitted[0] = keys(vm, big.name()).stream().filter(k -> !before.contains(k)).findFirst().orElseThrow();
                return ui;
            }
            vm.deletePod(big.name(), submitted[0]);
            submitted[0] = null;
            return System.nanoTime() - t0 - (w.engineNanos() - engine0);
        }, false);
        // the warm-up frames are odd in number: the first counted frame is a departure
        List<double[]> landed = new ArrayList<>();
        List<double[]> left = new ArrayList<>();
        for (int i = 0; i < series.parts().size(); i++) {
            ((i + WARM_UP) % 2 == 0 ? landed : left).add(series.parts().get(i));
        }
        // the series' CPU is shared by both kinds: each half is given the series' mean
        return new Pods(result(series), result(new Series(landed, series.fxCpu(), series.renderCpu())),
                result(new Series(left, series.fxCpu(), series.renderCpu())));
    }

    private static Set<String> keys(WorkbenchViewModel vm, String tenant) {
        return vm.snapshot().tenants().stream().filter(t -> t.name().equals(tenant))
                .flatMap(t -> t.pods().stream()).map(PodView::key).collect(Collectors.toSet());
    }

    /** Scrolls the canvas so the tenant's workers start at the top of the viewport. */
    private static void scrollTo(Scene scene, String tenant) {
        ScrollPane topology = (ScrollPane) scene.lookup("#topology");
        Node panel = scene.lookup("#tenant-" + tenant);
        scene.getRoot().applyCss();
        scene.getRoot().layout();
        Node content = topology.getContent();
        double y = content.sceneToLocal(panel.localToScene(panel.getLayoutBounds())).getMinY();
        double room = content.getLayoutBounds().getHeight() - topology.getViewportBounds().getHeight();
        topology.setVvalue(room <= 0 ? 0 : Math.min(1, y / room));
    }

    /**
     * A palette pod dragged over the canvas in {@code frames} + {@link #WARM_UP} moves (with the robot the tests
     * use, so the toolkit's own drag and drop runs): across the tenants, zig-zagging over the largest one's workers,
     * and dropped back on the palette. Each move is one frame: the drag-over handlers and the pulse that draws the
     * drop highlight, to the rendered frame. A move that changes nothing on screen needs no frame and is not counted.
     */
    public static Result drag(HeadlessWorkbench w, int frames) throws Exception {
        Scene scene = w.workbench().view().getScene();
        int moves = frames + WARM_UP;
        double[][] path = HeadlessFx.call(() -> {
            Node from = scene.lookup("#palette-article");
            ScrollPane topology = (ScrollPane) scene.lookup("#topology");
            return dragPath(from.localToScreen(from.getLayoutBounds()),
                    topology.localToScreen(topology.getLayoutBounds()), moves);
        });
        Robot robot = HeadlessFx.call(Robot::new);
        int[] dragOvers = {0};
        javafx.event.EventHandler<DragEvent> count = e -> dragOvers[0]++;
        HeadlessFx.call(() -> {
            scene.addEventFilter(DragEvent.DRAG_OVER, count);
            return null;
        });
        HeadlessFx.call(() -> {
            robot.mouseMove(path[0][0], path[0][1]);
            robot.mousePress(MouseButton.PRIMARY);
            return null;
        });
        int[] step = {1};
        Result r = run(scene, frames, () -> 0, () -> {
            double[] at = path[step[0]++];
            long t0 = System.nanoTime();
            robot.mouseMove(at[0], at[1]);
            return System.nanoTime() - t0;
        }, true);
        // drop where nothing accepts it: the lab is left as it was
        Platform.runLater(() -> {
            robot.mouseMove(path[0][0], path[0][1]);
            robot.mouseRelease(MouseButton.PRIMARY);
        });
        Thread.sleep(200);
        HeadlessFx.call(() -> {
            scene.removeEventFilter(DragEvent.DRAG_OVER, count);
            return null;
        });
        if (dragOvers[0] < moves / 2) {
            throw new IllegalStateException("the drag did not start: " + dragOvers[0] + " drag-over events in "
                    + moves + " moves");
        }
        return r;
    }

    /**
     * The pointer's way: the palette pod's centre, then one point per move down the canvas from top to bottom,
     * swinging across it and back three times, so the pointer enters and leaves tenants and cards. (The drop
     * goes back to the palette.)
     */
    static double[][] dragPath(Bounds palette, Bounds view, int moves) {
        double[][] p = new double[moves + 1][];
        p[0] = new double[] {palette.getCenterX(), palette.getCenterY()};
        for (int i = 1; i <= moves; i++) {
            double t = (double) i / moves;
            double x = view.getMinX() + 20 + (view.getWidth() - 40) * (0.5 + 0.5 * Math.sin(t * 6 * Math.PI));
            double y = view.getMinY() + 20 + (view.getHeight() - 40) * t;
            p[i] = new double[] {x, y};
        }
        return p;
    }

    /**
     * Measures {@code frames} frames, each shown after {@code change}, {@link #WARM_UP} warm-up frames first;
     * {@code maySkip}: a change that draws nothing within 250 ms is not counted (else it is an error).
     */
    private static Result run(Scene scene, int frames, LongSupplier engineCpu, Change change, boolean maySkip)
            throws Exception {
        return result(measure(scene, frames, engineCpu, change, maySkip));
    }

    /**
     * Each counted frame's parts in milliseconds (the change's UI work, CSS and layout, sync and render, then the CPU
     * of the FX thread without the engine's and of the renderer thread), and the series' CPU in milliseconds a frame.
     */
    private record Series(List<double[]> parts, double fxCpu, double renderCpu) { }

    /** The toolkit's rendering thread (Quantum's), whose CPU a frame's painting costs. */
    private static long rendererId() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("QuantumRenderer")) {
                return t.getId();
            }
        }
        throw new IllegalStateException("no QuantumRenderer thread");
    }

    private static Series measure(Scene scene, int frames, LongSupplier engineCpu, Change change, boolean maySkip)
            throws Exception {
        Stamps s = new Stamps();
        long renderer = rendererId();
        long fx = HeadlessFx.call(() -> Thread.currentThread().getId());
        HeadlessFx.call(() -> {
            PerformanceTracker tracker = PerformanceTracker.getSceneTracker(scene);
            tracker.setOnPulse(() -> {
                if (s.armed && s.pulse == 0) {
                    s.pulse = System.nanoTime();
                }
            });
            scene.addPostLayoutPulseListener(() -> {
                if (s.armed && s.pulse != 0 && s.laidOut == 0) {
                    s.laidOut = System.nanoTime();
                }
            });
            tracker.setOnRenderedFrameTask(() -> {
                if (s.armed && s.pulse != 0) {
                    s.rendered = System.nanoTime();
                    s.fxCpu = THREADS.getThreadCpuTime(fx);
                    s.renderCpu = THREADS.getThreadCpuTime(renderer);
                    s.armed = false;
                    CountDownLatch d = s.done;
                    if (d != null) {
                        d.countDown();
                    }
                }
            });
            return null;
        });
        List<double[]> parts = new ArrayList<>();
        // the series' CPU: FX thread, engine on it, renderer, from the first counted change to the end
        long[] start = new long[3];
        for (int i = -WARM_UP; i < frames; i++) {
            CountDownLatch done = new CountDownLatch(1);
            long[] ui = {0};
            long[] cpu0 = new long[3];
            long[] engine1 = {0};
            boolean first = i == 0;
            // fire and forget: a drag's first move enters the toolkit's drag loop and returns only at the drop
            Platform.runLater(() -> {
                cpu0[0] = THREADS.getCurrentThreadCpuTime();
                cpu0[1] = engineCpu.getAsLong();
                cpu0[2] = THREADS.getThreadCpuTime(renderer);
                if (first) {
                    System.arraycopy(cpu0, 0, start, 0, 3);
                }
                s.done = done;
                s.pulse = 0;
                s.laidOut = 0;
                s.rendered = 0;
                s.armed = true;
                try {
                    ui[0] = change.apply();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                engine1[0] = engineCpu.getAsLong();
            });
            if (!done.await(maySkip ? 250 : 10_000, TimeUnit.MILLISECONDS)) {
                if (maySkip) {
                    continue;
                }
                throw new IllegalStateException("the change was not drawn within 10 s (nothing on screen changed?)");
            }
            if (i >= 0) {
                long laid = s.laidOut == 0 ? s.pulse : s.laidOut;
                double fxCpu = (s.fxCpu - cpu0[0] - (engine1[0] - cpu0[1])) / 1e6;
                parts.add(new double[] {ui[0] / 1e6, (laid - s.pulse) / 1e6, (s.rendered - laid) / 1e6, fxCpu,
                        (s.renderCpu - cpu0[2]) / 1e6});
            }
        }
        // the pulses a change may still ask for after its frame belong to the series too
        Thread.sleep(300);
        long[] end = HeadlessFx.call(() -> {
            PerformanceTracker.releaseSceneTracker(scene);
            return new long[] {THREADS.getCurrentThreadCpuTime(), engineCpu.getAsLong(),
                    THREADS.getThreadCpuTime(renderer)};
        });
        if (parts.isEmpty()) {
            throw new IllegalStateException("no frame was drawn");
        }
        return new Series(parts, (end[0] - start[0] - (end[1] - start[1])) / 1e6 / parts.size(),
                (end[2] - start[2]) / 1e6 / parts.size());
    }

    private static Result result(Series series) {
        List<double[]> parts = series.parts();
        int frames = parts.size();
        double[] total = parts.stream().mapToDouble(p -> p[0] + p[1] + p[2]).sorted().toArray();
        double[] cpu = parts.stream().mapToDouble(p -> p[3] + p[4]).sorted().toArray();
        return new Result(frames, total[frames / 2], p99(total), total[frames - 1], median(parts, 0),
                median(parts, 1), median(parts, 2), median(parts, 3), median(parts, 4), cpu[frames / 2], p99(cpu),
                series.fxCpu(), series.renderCpu());
    }

    private static double p99(double[] sorted) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.99) - 1)];
    }

    /** The heap in use after a full collection, and the JVM's peak so far, as one line. */
    public static String heapLine() {
        System.gc();
        var mem = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return String.format(Locale.ROOT, "heap in use after a full collection %.0f MiB (committed %.0f MiB, max %.0f MiB)",
                mem.getUsed() / 1048576.0, mem.getCommitted() / 1048576.0, mem.getMax() / 1048576.0);
    }

    private static double median(List<double[]> parts, int k) {
        double[] v = parts.stream().mapToDouble(p -> p[k]).sorted().toArray();
        return v[v.length / 2];
    }
}
