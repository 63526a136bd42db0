package io.gpulab.app.gui;

import io.gpulab.app.gui.fx.FxThread;
import io.gpulab.app.gui.fx.TaskExecutor;
import io.gpulab.app.gui.view.Theme;
import io.gpulab.app.gui.view.WorkbenchView;
import io.gpulab.app.gui.vm.LabOpener;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.vm.WriteGate;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import io.gpulab.engine.scenario.BuiltinScenarios;
import java.util.concurrent.Executor;
import javafx.scene.Scene;

/**
 * The assembled workbench: view-models wired to one opened lab, and the main view. Used by the
 * desktop app, the headless screenshot/report commands and the GUI tests alike. Build on the FX thread.
 */
public final class Workbench {

    private final WorkbenchViewModel viewModel;
    private final WalkthroughViewModel walkthroughs;
    private final WorkbenchView view;

    /** A workbench that refuses writes to a real cluster: for headless use. */
    public Workbench(OpenedLab lab, LabOpener opener, TaskExecutor tasks) {
        this(lab, opener, WriteGate.DENY, tasks);
    }

    /** {@code gate} confirms writes to a real cluster (the desktop app asks in a dialog). */
    public Workbench(OpenedLab lab, LabOpener opener, WriteGate gate, TaskExecutor tasks) {
        this(lab, opener, gate, tasks, FxThread::runNowOrLater);
    }

    /** {@code ui} runs the lab's announcements (new snapshots and events) on the FX thread. */
    public Workbench(OpenedLab lab, LabOpener opener, WriteGate gate, TaskExecutor tasks, Executor ui) {
        this.viewModel = new WorkbenchViewModel(lab, opener, gate, tasks, ui);
        this.walkthroughs = new WalkthroughViewModel(WalkthroughLoader.builtIns());
        this.view = new WorkbenchView(viewModel, walkthroughs, BuiltinScenarios.names());
    }

    /** A scene of the given size holding the workbench, light or dark. */
    public Scene scene(double width, double height, boolean dark) {
        Scene scene = new Scene(view, width, height);
        Theme.apply(scene, dark);
        return scene;
    }

    public WorkbenchViewModel viewModel() {
        return viewModel;
    }

    public WalkthroughViewModel walkthroughs() {
        return walkthroughs;
    }

    public WorkbenchView view() {
        return view;
    }
}
