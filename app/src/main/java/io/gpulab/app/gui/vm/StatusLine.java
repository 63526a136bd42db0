package io.gpulab.app.gui.vm;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.jspecify.annotations.Nullable;

/** The status bar's state: the last outcome, its tone, and the file it reports as written (if any). */
public final class StatusLine {

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("Ready");
    private final ReadOnlyObjectWrapper<StatusKind> kind = new ReadOnlyObjectWrapper<>(StatusKind.INFO);
    private final ReadOnlyObjectWrapper<@Nullable Path> written = new ReadOnlyObjectWrapper<>();

    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<StatusKind> kindProperty() {
        return kind.getReadOnlyProperty();
    }

    /** The file the line reports as written (for "open folder"); null once the status moves on. */
    public ReadOnlyObjectProperty<@Nullable Path> writtenProperty() {
        return written.getReadOnlyProperty();
    }

    public void set(String message, StatusKind tone) {
        written.set(null);
        text.set(message);
        kind.set(tone);
    }

    /** Reports a file the workbench wrote: where it is (absolute path) and how big. */
    public void wrote(String what, Path file) {
        Path abs = file.toAbsolutePath();
        long kb;
        try {
            kb = Math.max(1, (Files.size(abs) + 1023) / 1024);
        } catch (java.io.IOException e) {
            kb = 0;
        }
        set("Wrote " + what + " to " + abs + (kb > 0 ? " (" + kb + " KB)" : ""), StatusKind.OK);
        written.set(abs);
    }
}
