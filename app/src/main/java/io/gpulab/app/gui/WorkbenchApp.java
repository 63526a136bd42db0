package io.gpulab.app.gui;

import io.gpulab.app.gui.fx.FxTaskExecutor;
import io.gpulab.app.gui.view.ConfirmWriteDialog;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.window.WindowMemory;
import io.gpulab.app.gui.window.WindowPlacement;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The desktop application. Launched through {@code gpulab gui} (what {@code Launcher} runs with no
 * arguments); the scenario to open comes from {@link #launch(String, boolean)}.
 */
public final class WorkbenchApp extends Application {

    private static volatile String scenario = "article";
    private static volatile boolean playSteps;
    private static volatile EngineLabOpener opener = EngineLabOpener.sim();
    private Workbench workbench;

    /** Opens the workbench on {@code scenarioName} in the simulated lab and blocks until the window closes. */
    public static void launch(String scenarioName, boolean play) {
        launch(scenarioName, play, EngineLabOpener.sim());
    }

    /** Opens the workbench on the lab {@code labOpener} reaches (sim, kind or a real cluster). */
    public static void launch(String scenarioName, boolean play, EngineLabOpener labOpener) {
        scenario = scenarioName;
        playSteps = play;
        opener = labOpener;
        Application.launch(WorkbenchApp.class);
    }

    @Override
    public void start(Stage stage) {
        OpenedLab lab;
        try {
            lab = opener.open(scenario);
        } catch (Exception e) {
            Alert alert = new Alert(Alert.AlertType.ERROR, "Cannot open scenario " + scenario + " ("
                    + opener.describe() + "):\n" + e.getMessage());
            WindowPlacement.keepInside(alert);
            alert.showAndWait();
            Platform.exit();
            return;
        }
        workbench = show(stage, lab, opener, scenario, WindowMemory.userPreferences());
        if (playSteps) {
            workbench.viewModel().playback().playScenarioSteps();
        }
    }

    /**
     * The desktop workbench in {@code stage}: dialogs that confirm writes and discards, the title, the
     * icon, the window placed inside the screen; shown. The real-window tests open it the same way.
     */
    public static Workbench show(Stage stage, OpenedLab lab, EngineLabOpener opener, String scenario,
                                 WindowMemory memory) {
        Workbench workbench = new Workbench(lab, opener, new ConfirmWriteDialog(stage), new FxTaskExecutor());
        workbench.viewModel().files().setDiscardGate(new io.gpulab.app.gui.view.ConfirmDiscardDialog(stage));
        // the window's close button ends the lab as Quit does: unsaved actions are not lost without a question
        stage.setOnCloseRequest(e -> {
            if (!workbench.viewModel().files().mayDiscard("Close the workbench")) {
                e.consume();
            }
        });
        // the title names the lab on screen as the toolbar and the exports do: another file opened, or "(edited)"
        String where = opener.backendId().equals("sim") ? "" : " on " + opener.describe();
        stage.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> "GPU Tenancy Lab — "
                + workbench.viewModel().snapshot().scenario() + where, workbench.viewModel().snapshotProperty()));
        // the scene takes the stage's size: the window opens inside the screen, sized to it
        stage.setScene(workbench.scene(1600, 1000, false));
        new WindowPlacement(memory).placeMain(stage, "workbench");
        var icon = WorkbenchApp.class.getClassLoader().getResource("gpulab/icons/app/gpulab-256.png");
        if (icon != null) {
            stage.getIcons().add(new Image(icon.toExternalForm()));
        }
        stage.show();
        return workbench;
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.viewModel().close();
        }
    }
}
