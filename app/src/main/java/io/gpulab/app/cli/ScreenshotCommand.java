package io.gpulab.app.cli;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.FrameBench;
import io.gpulab.app.gui.HeadlessWorkbench;
import io.gpulab.app.gui.export.ExportSizeException;
import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.app.gui.export.LayoutReport;
import io.gpulab.app.gui.export.PngExporter;
import io.gpulab.app.gui.view.WorkbenchActions;
import io.gpulab.engine.output.OutputException;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.GeneratedScenario;
import io.gpulab.engine.scenario.ScenarioException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gpulab screenshot SCENARIO --out FILE.png}: the workbench rendered headless to PNG. */
@Command(name = "screenshot", mixinStandardHelpOptions = true,
        description = {"Render the workbench (after the scenario's steps) to a PNG, with no display.",
            "With --backend cluster the real lab is rendered as observed (its steps are not played)."})
public final class ScreenshotCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Built-in scenario name or scenario file.")
    String scenario;

    @Option(names = "--out", required = true, paramLabel = "FILE.png", description = "Where to write the PNG.")
    Path out;

    @Option(names = "--scale", defaultValue = "1",
            description = "Pixels per layout unit: 1 or 2 (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--view", defaultValue = "window", description = {"window: the whole workbench;",
        "canvas: the lab drawing (management cluster and tenants) only;",
        "slide: the canvas without UI hints, with inspector and trace beside it when --select is given",
        "(default: ${DEFAULT-VALUE})."})
    String view;

    @Option(names = "--initial", description = "Do not play the scenario's steps: the lab as built.")
    boolean initial;

    @Option(names = "--steps", paramLabel = "N", description = "Play only the first N steps that change the lab.")
    Integer steps;

    @Option(names = "--select", paramLabel = "TENANT/NS/NAME",
            description = "Select a pod (its trace shows), 'pending' for the last pod that did not run, "
                    + "or a worker as TENANT/WORKER (the inspector shows it).")
    String select;

    @Option(names = "--dark", description = "Dark theme.")
    boolean dark;

    @Option(names = "--size", defaultValue = "1600x1000", description = "Window and picture size WxH, 320x240 to "
            + "7680x4320, caption included: the PNG is W*scale x H*scale pixels, at most 40 megapixels "
            + "(default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--layout", paramLabel = "FILE.json",
            description = "Also write where each tenant, worker, card, pod and pending chip is drawn, and whether "
                    + "it is fully visible without scrolling (docs/workbench.md).")
    Path layout;

    @Option(names = "--scenario-out", paramLabel = "FILE.yaml",
            description = "Also write the lab's history as a scenario: the file whose SHA-256 the caption carries "
                    + "(with every step played, the scenario file itself, byte for byte; docs/workbench.md).")
    Path scenarioOut;

    @Mixin
    BackendMixin backend = new BackendMixin();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(names = "--frames", defaultValue = "0", paramLabel = "N",
            description = "Also measure frame times and print one line per series: N frames after a 1 s clock "
                    + "advance each; N frames after a pod submitted to or deleted from the tenant with the most "
                    + "workers; a palette pod dragged over the canvas in N+3 moves (a move that changes nothing on "
                    + "screen draws no frame and is not counted). A frame is the change's UI work plus the pulse that "
                    + "draws it, to the rendered frame (docs/benchmarks.md).")
    int frames;

    @Option(names = "--on-display", description = "With --frames: measure in a real window on $DISPLAY (the "
            + "desktop toolkit and its pipeline, e.g. under Xvfb) instead of headless.")
    boolean onDisplay;

    @Override
    public Integer call() throws Exception {
        if (!view.equals("window") && !view.equals("canvas") && !view.equals("slide")) {
            spec.commandLine().getErr().println("gpulab screenshot: --view must be window, canvas or slide");
            return GpulabCommand.EXIT_USAGE;
        }
        if (backend.misuse() != null) {
            spec.commandLine().getErr().println("gpulab screenshot: " + backend.misuse());
            return GpulabCommand.EXIT_USAGE;
        }
        ScreenshotSize bounded;
        try {
            bounded = ScreenshotSize.parse(size, scale);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("gpulab screenshot: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        try {
            OutputFile.check(out, PngExporter.KIND, output.force);
            if (layout != null) {
                OutputFile.check(layout, LayoutReport.KIND, output.force);
            }
            if (scenarioOut != null) {
                if (!"sim".equals(backend.backendId)) {
                    spec.commandLine().getErr().println("gpulab screenshot: --scenario-out: a lab observed on a "
                            + "cluster is not made by a scenario file (its caption says so and carries no hash)");
                    return GpulabCommand.EXIT_USAGE;
                }
                OutputFile.check(scenarioOut, GeneratedScenario.KIND, output.force);
            }
        } catch (java.io.IOException e) {
            spec.commandLine().getErr().println("gpulab screenshot: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        int play = initial ? 0 : steps == null ? Integer.MAX_VALUE : steps;
        EngineLabOpener opener = new EngineLabOpener(backend.backendId, backend.options(false));
        if (onDisplay) {
            if (System.getenv("DISPLAY") == null) {
                spec.commandLine().getErr().println("gpulab screenshot: --on-display needs DISPLAY (e.g. Xvfb)");
                return GpulabCommand.EXIT_USAGE;
            }
            HeadlessFx.startOnDisplay();
        }
        HeadlessFx.fitScreen(bounded.width(), bounded.height());
        try (HeadlessWorkbench w = HeadlessWorkbench.open(opener, scenario, play, select, dark, bounded.width(),
                bounded.height())) {
            if (frames > 0) {
                var out = spec.commandLine().getOut();
                out.println("window: " + (onDisplay ? "on " + System.getenv("DISPLAY") + " (desktop toolkit)"
                        : "headless (Monocle, software rendering)") + ", " + bounded.width() + "x" + bounded.height());
                out.println("opening: " + w.opening().line());
                out.println("memory, lab open: " + FrameBench.heapLine());
                out.println("frame time, clock advanced: " + FrameBench.changes(w, frames).line());
                FrameBench.Pods pods = FrameBench.pods(w, frames);
                out.println("frame time, pod submitted/deleted: " + pods.all().line());
                out.println("frame time, pod landed: " + pods.landed().line());
                out.println("frame time, pod left: " + pods.left().line());
                // a move that changes nothing on screen needs no frame: the line counts the frames drawn
                out.println("frame time, palette pod dragged over the canvas in " + (frames + FrameBench.WARM_UP)
                        + " moves: "
                        + FrameBench.drag(w, frames).line());
                out.println("memory, after the frames: " + FrameBench.heapLine());
            }
            if (layout != null) {
                HeadlessFx.call(() -> {
                    LayoutReport.write(w.workbench().view().getScene(), layout, output.force);
                    return null;
                });
                spec.commandLine().getOut().println("wrote " + layout);
            }
            var actions = w.workbench().view().actions();
            // the window is --size: every view is a picture of exactly that size, its caption included
            WorkbenchActions.View shown = WorkbenchActions.View.valueOf(view.toUpperCase(java.util.Locale.ROOT));
            WorkbenchActions.Picture picture = HeadlessFx.call(() -> actions.framed(shown, scale));
            if (scenarioOut != null) {
                // the caption's hash is of exactly these bytes; written before the picture, so that a picture on disk
                // always has the file its caption names (a full disk stops the command before the PNG)
                String text = HeadlessFx.call(() -> w.workbench().viewModel().recording().text());
                byte[] yaml = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                OutputFile.write(scenarioOut, GeneratedScenario.KIND, output.force, o -> o.write(yaml));
                spec.commandLine().getOut().println("wrote " + scenarioOut + " (the lab's history as a scenario, "
                        + "sha256 " + picture.caption().sha256() + " as in the caption)");
            }
            long bytes = WorkbenchActions.write(picture, out, output.force);
            spec.commandLine().getOut().println("wrote " + out + " (" + bytes + " bytes)");
            return GpulabCommand.EXIT_OK;
        } catch (OutputException e) {
            spec.commandLine().getErr().println("gpulab screenshot: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        } catch (ExportSizeException e) {
            spec.commandLine().getErr().println("gpulab screenshot: --size " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        } catch (ScenarioException | IllegalArgumentException | IllegalStateException e) {
            spec.commandLine().getErr().println("gpulab screenshot: " + CliSupport.clusterFailure(e));
            return GpulabCommand.EXIT_USAGE;
        }
    }
}
