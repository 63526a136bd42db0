package io.gpulab.app.gui.view;

import java.io.File;
import java.util.List;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.jspecify.annotations.Nullable;

/**
 * Where the answer to a file dialog comes from: the desktop's own dialog (GTK's on Linux, drawn outside JavaFX, so no
 * robot of a JavaFX test can click it), or a test playing the user who picks the files.
 */
@FunctionalInterface
public interface FileDialog {

    /** Which of the platform's file dialogs is asked. */
    enum Mode { OPEN, OPEN_MANY, SAVE }

    /** The platform's dialog. */
    FileDialog NATIVE = (chooser, mode, owner) -> switch (mode) {
        case OPEN -> listOf(chooser.showOpenDialog(owner));
        case OPEN_MANY -> chooser.showOpenMultipleDialog(owner);
        case SAVE -> listOf(chooser.showSaveDialog(owner));
    };

    /** The files picked in {@code chooser} (its title says what for), or null when the dialog was cancelled. */
    @Nullable List<File> show(FileChooser chooser, Mode mode, Window owner);

    /** The one file picked, or null. */
    default @Nullable File one(FileChooser chooser, Mode mode, Window owner) {
        List<File> picked = show(chooser, mode, owner);
        return picked == null || picked.isEmpty() ? null : picked.get(0);
    }

    private static @Nullable List<File> listOf(@Nullable File f) {
        return f == null ? null : List.of(f);
    }
}
