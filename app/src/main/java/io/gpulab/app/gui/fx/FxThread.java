package io.gpulab.app.gui.fx;

import javafx.application.Platform;

/** The one place the app hops onto the FX thread (house rule 5). */
public final class FxThread {

    private FxThread() {
    }

    /** Runs now when already on the FX thread, otherwise queues it there. */
    public static void runNowOrLater(Runnable action) {
        if (Platform.isFxApplicationThread()) {
            action.run();
        } else {
            Platform.runLater(action);
        }
    }
}
