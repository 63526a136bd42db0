package io.gpulab.app.gui;

import io.gpulab.app.gui.fx.FxTaskExecutor;
import io.gpulab.app.gui.vm.OpenedLab;
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
    private Workbench workbench;

    /** Opens the workbench on {@code scenarioName} and blocks until the window closes. */
    public static void launch(String scenarioName, boolean play) {
        scenario = scenarioName;
        playSteps = play;
        Application.launch(WorkbenchApp.class);
    }

    @Override
    public void start(Stage stage) {
        EngineLabOpener opener = EngineLabOpener.sim();
        OpenedLab lab;
        try {
            lab = opener.open(scenario);
        } catch (Exception e) {
            new Alert(Alert.AlertType.ERROR, "Cannot open scenario " + scenario + ":\n" + e.getMessage()).showAndWait();
            Platform.exit();
            return;
        }
        workbench = new Workbench(lab, opener, new FxTaskExecutor());
        stage.setTitle("GPU Tenancy Lab — " + scenario);
        stage.setScene(workbench.scene(1600, 1000, false));
        var icon = WorkbenchApp.class.getClassLoader().getResource("gpulab/icons/app/gpulab-256.png");
        if (icon != null) {
            stage.getIcons().add(new Image(icon.toExternalForm()));
        }
        stage.show();
        if (playSteps) {
            workbench.viewModel().playScenarioSteps();
        }
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.viewModel().close();
        }
    }
}
