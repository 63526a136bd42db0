package io.gpulab.app.gui.view;

import io.gpulab.app.gui.window.WindowPlacement;
import io.gpulab.app.gui.vm.DiscardGate;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.jspecify.annotations.Nullable;

/** The desktop's {@link DiscardGate}: a modal question whose default button keeps the current lab. */
public final class ConfirmDiscardDialog implements DiscardGate {

    private static final ButtonType DISCARD = new ButtonType("Discard and continue", ButtonBar.ButtonData.OK_DONE);
    private static final ButtonType KEEP = new ButtonType("Keep my lab", ButtonBar.ButtonData.CANCEL_CLOSE);

    private final @Nullable Window owner;

    public ConfirmDiscardDialog(@Nullable Window owner) {
        this.owner = owner;
    }

    @Override
    public boolean allow(String action, String lost) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "This throws away " + lost + ". Undo cannot bring "
                + "them back.", KEEP, DISCARD);
        alert.setTitle("Discard your actions?");
        alert.setHeaderText(action);
        if (owner != null) {
            alert.initOwner(owner);
        }
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(DISCARD)).setDefaultButton(false);
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(KEEP)).setDefaultButton(true);
        WindowPlacement.keepInside(alert);
        return alert.showAndWait().filter(DISCARD::equals).isPresent();
    }
}
