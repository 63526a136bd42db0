package io.gpulab.app.gui.isolation;

import io.gpulab.app.gui.fx.FxThread;
import io.gpulab.app.gui.view.Theme;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.window.WindowMemory;
import io.gpulab.app.gui.window.WindowPlacement;
import io.gpulab.engine.lab.LabSpec;
import java.io.File;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Scene;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The isolation view in its own window beside the lab (View → Isolation by layer). */
public final class IsolationWindow {

    private IsolationWindow() {
    }

    /** Opens the window and derives the table of the lab on screen. */
    public static Stage show(WorkbenchViewModel lab, Window owner) {
        ExecutorService background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "isolation-view");
            t.setDaemon(true);
            return t;
        });
        IsolationViewModel vm = new IsolationViewModel(background, FxThread::runNowOrLater);
        Stage stage = new Stage();
        IsolationView view = new IsolationView(vm, () -> export(vm, stage));
        stage.setTitle("gpulab — isolation by layer");
        Scene scene = new Scene(view, 1200, 760);
        Theme.apply(scene, owner.getScene() != null && Theme.isDark(owner.getScene()));
        stage.setScene(scene);
        new WindowPlacement(WindowMemory.userPreferences()).place(stage, "isolation", owner, 1200, 760);
        stage.setOnHidden(e -> background.shutdownNow());
        stage.show();
        try {
            LabSpec spec = IsolationViewModel.labOf(lab);
            vm.derive(spec, !lab.simulated());
        } catch (RuntimeException e) {
            vm.statusProperty().set("Cannot read the lab's design: " + e.getMessage());
        }
        return stage;
    }

    private static void export(IsolationViewModel vm, Stage stage) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export isolation by layer");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        var t = vm.tableProperty().get();
        fc.setInitialFileName((t == null ? "lab" : t.scenario()) + "-isolation.pdf");
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            vm.exportPdf(f.toPath());
        }
    }
}
