package io.gpulab.app.gui.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gpulab.app.gui.fx.FxThread;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.window.WindowMemory;
import io.gpulab.app.gui.window.WindowPlacement;
import io.gpulab.engine.plan.BuiltinPlans;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.CandidateScenario;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.Workload;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The Plan view in its own window beside the lab (Plan menu of the workbench). */
public final class PlanWindow {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    private PlanWindow() {
    }

    /** The Plan window of each lab window while it is open: the menu brings it forward instead of another. */
    private static final java.util.Map<Window, Stage> OPEN = new java.util.WeakHashMap<>();

    /**
     * Opens the window, or brings forward the one already open for {@code owner} (a held Ctrl+L repeats);
     * {@code lab} receives a candidate opened as a lab.
     */
    public static Stage show(WorkbenchViewModel lab, Window owner) {
        Stage open = OPEN.get(owner);
        if (open != null && open.isShowing()) {
            open.toFront();
            return open;
        }
        ExecutorService background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "plan-view");
            t.setDaemon(true);
            return t;
        });
        PlanViewModel vm = new PlanViewModel(background, FxThread::runNowOrLater);
        Stage stage = new Stage();
        PlanView view = new PlanView(vm, openButtons(vm, stage), c -> openAsLab(vm, lab, c, owner),
                () -> exportReport(vm, stage));
        stage.setTitle("gpulab — compare candidate platforms");
        Scene scene = new Scene(view, 1280, 800);
        // the workbench's theme (light or dark), so the two windows match
        io.gpulab.app.gui.view.Theme.apply(scene, owner.getScene() != null
                && io.gpulab.app.gui.view.Theme.isDark(owner.getScene()));
        stage.setScene(scene);
        // inside the lab window's screen, at most 1280 x 800 (the scene follows the stage)
        new WindowPlacement(WindowMemory.userPreferences()).place(stage, "plan", owner, 1280, 800);
        OPEN.put(owner, stage);
        stage.setOnHidden(e -> {
            OPEN.remove(owner, stage);
            vm.cancel();
            background.shutdownNow();
        });
        stage.show();
        return stage;
    }

    /** "Open plan…" and one button per built-in example. */
    static List<Button> openButtons(PlanViewModel vm, Stage stage) {
        List<Button> out = new ArrayList<>();
        Button file = new Button("Open plan…");
        file.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Open plan");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Plan (YAML or JSON)", "*.yaml", "*.yml",
                    "*.json"));
            File f = fc.showOpenDialog(stage);
            if (f != null) {
                try {
                    vm.load(f.toPath(), Files.readString(f.toPath(), StandardCharsets.UTF_8));
                } catch (IOException ex) {
                    vm.statusProperty().set("Cannot read " + f + ": " + ex.getMessage());
                }
            }
        });
        out.add(file);
        for (String name : BuiltinPlans.names()) {
            Button b = new Button(name);
            b.setOnAction(e -> loadBuiltin(vm, name));
            out.add(b);
        }
        return out;
    }

    private static void exportReport(PlanViewModel vm, Stage stage) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export decision report");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        PlanResult r = vm.resultProperty().get();
        fc.setInitialFileName((r == null ? "plan" : r.plan().name()) + "-decision-report.pdf");
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            vm.exportReport(f.toPath());
        }
    }

    static void loadBuiltin(PlanViewModel vm, String name) {
        try (InputStream in = BuiltinPlans.open(name)) {
            if (in != null) {
                vm.load(Path.of(name + ".yaml"), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            vm.statusProperty().set("Cannot read built-in plan " + name + ": " + e.getMessage());
        }
    }

    /** Writes the candidate as a scenario file and opens it in the workbench's normal view. */
    private static void openAsLab(PlanViewModel vm, WorkbenchViewModel lab, CandidateResult c, Window owner) {
        PlanResult r = vm.resultProperty().get();
        Workload w = vm.workload();
        if (r == null || w == null) {
            return;
        }
        try {
            Path file = Files.createTempFile("gpulab-" + r.plan().name() + "-" + c.name() + "-", ".yaml");
            file.toFile().deleteOnExit();
            YAML.writeValue(file.toFile(), CandidateScenario.of(r.plan(), c, w));
            if (lab.files().open(file.toString())) {
                vm.statusProperty().set("Opened " + c.name() + " (" + io.gpulab.engine.plan.Counts.of(c.workers(), "worker") + ") in the lab window: "
                        + "Lab → Play scenario submits the workload there.");
                if (owner instanceof Stage s) {
                    s.toFront();
                }
            }
        } catch (IOException e) {
            vm.statusProperty().set("Cannot write the candidate's scenario: " + e.getMessage());
        }
    }
}
