package io.gpulab.app.gui.window;

import java.util.List;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Dialog;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.jspecify.annotations.Nullable;

/**
 * Puts the workbench's windows on the screen: before a stage is shown its bounds come from
 * {@link WindowFit} on the screen it opens on; when it is hidden its bounds are remembered (not while
 * full screen, maximized or iconified: those are not sizes the user chose). Dialogs are kept inside the
 * screen once their content has sized them.
 */
public final class WindowPlacement {

    private final WindowMemory memory;

    public WindowPlacement(WindowMemory memory) {
        this.memory = memory;
    }

    /** The main window: sized to the screen, remembered as {@code name}. */
    public void placeMain(Stage stage, String name) {
        Rectangle2D screen = screenFor(null, memory.last(name));
        apply(stage, WindowFit.mainWindow(screen, memory.last(name)));
        rememberOnHide(stage, name);
    }

    /**
     * A secondary window of preferred size {@code prefW} x {@code prefH} on its owner's screen, remembered
     * as {@code name}.
     */
    public void place(Stage stage, String name, @Nullable Window owner, double prefW, double prefH) {
        Rectangle2D last = memory.last(name);
        Rectangle2D screen = screenFor(owner, last);
        apply(stage, WindowFit.place(screen, prefW, prefH, 640, 480, last));
        rememberOnHide(stage, name);
    }

    /** Keeps {@code dialog} inside its owner's screen once shown (its content decides its size). */
    public static void keepInside(Dialog<?> dialog) {
        // a dialog's height was fixed before its text wrapped: the discard question read "... (save the…" in a real
        // window under a window manager; the pane never gets less height than its wrapped text needs
        dialog.getDialogPane().setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        dialog.setOnShown(e -> {
            Window w = dialog.getDialogPane().getScene().getWindow();
            Rectangle2D screen = screenFor(dialog.getOwner(), null);
            Rectangle2D now = new Rectangle2D(w.getX(), w.getY(), Math.max(1, w.getWidth()),
                    Math.max(1, w.getHeight()));
            if (!WindowFit.inside(screen, now)) {
                Rectangle2D b = WindowFit.clamp(screen, now);
                w.setX(b.getMinX());
                w.setY(b.getMinY());
                w.setWidth(b.getWidth());
                w.setHeight(b.getHeight());
            }
        });
    }

    /**
     * The visual bounds of the screen holding most of {@code owner}, else of the remembered bounds, else
     * the primary screen's.
     */
    public static Rectangle2D screenFor(@Nullable Window owner, @Nullable Rectangle2D last) {
        List<Screen> screens = List.of();
        if (owner != null && owner.getWidth() > 0) {
            screens = Screen.getScreensForRectangle(owner.getX(), owner.getY(), owner.getWidth(), owner.getHeight());
        } else if (last != null) {
            screens = Screen.getScreensForRectangle(last);
        }
        return (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
    }

    private static void apply(Stage stage, Rectangle2D b) {
        stage.setX(b.getMinX());
        stage.setY(b.getMinY());
        stage.setWidth(b.getWidth());
        stage.setHeight(b.getHeight());
    }

    private void rememberOnHide(Stage stage, String name) {
        stage.addEventHandler(WindowEvent.WINDOW_HIDING, e -> {
            if (!stage.isFullScreen() && !stage.isMaximized() && !stage.isIconified()) {
                memory.remember(name, new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(),
                        stage.getHeight()));
            }
        });
    }
}
