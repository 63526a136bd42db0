package io.gpulab.app.gui.view;

import io.gpulab.app.gui.window.WindowPlacement;
import io.gpulab.app.gui.vm.WriteGate;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.jspecify.annotations.Nullable;

/** The desktop's {@link WriteGate}: a modal dialog whose default button is Cancel, so Enter sends nothing. */
public final class ConfirmWriteDialog implements WriteGate {

    private static final ButtonType SEND = new ButtonType("Send to cluster", ButtonBar.ButtonData.OK_DONE);

    private final @Nullable Window owner;

    public ConfirmWriteDialog(@Nullable Window owner) {
        this.owner = owner;
    }

    @Override
    public boolean allow(String action, String detail) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, detail, ButtonType.CANCEL, SEND);
        alert.setTitle("Write to the cluster?");
        alert.setHeaderText(action);
        if (owner != null) {
            alert.initOwner(owner);
        }
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(SEND)).setDefaultButton(false);
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        WindowPlacement.keepInside(alert);
        return alert.showAndWait().filter(SEND::equals).isPresent();
    }
}
