package io.gpulab.app.gui.view;

import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.PopupControl;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jspecify.annotations.Nullable;

/**
 * Presentation mode's type in the windows opened over the workbench: menus, context menus, tooltips and dialogs are
 * windows of their own, which the workbench's style class and magnification do not reach (on a projector they stayed
 * at 12 px). While presentation mode is on, each one opened over the workbench's window gets the window's type as
 * drawn: {@link #TYPE} px times the magnification (22.5 px at 1920x1080). JavaFX keeps popups inside the screen
 * (a menu taller than the screen scrolls) and {@code WindowPlacement.keepInside} keeps dialogs inside it.
 */
final class PresentedPopups {

    /** Presentation mode's type size before magnification, as workbench.css's {@code .workbench.presentation}. */
    static final double TYPE = 15;
    /** Where a window's own inline style is kept while presentation mode's type replaces it. */
    private static final String OWN_STYLE = "gpulab.ownStyle";

    private final Supplier<@Nullable Window> main;
    private final DoubleSupplier size;
    private boolean watching;
    /** A menu or tooltip over the workbench closed during the event being handled (reset after it). */
    private boolean justClosed;

    /**
     * @param main the workbench's window (null before it is shown)
     * @param size the type size popups are given now, 0 while presentation mode is off
     */
    PresentedPopups(Supplier<@Nullable Window> main, DoubleSupplier size) {
        this.main = main;
        this.size = size;
    }

    /** Starts watching the windows opened, once presentation mode was first turned on. */
    void watch() {
        if (watching) {
            return;
        }
        watching = true;
        Window.getWindows().addListener((ListChangeListener<Window>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::style);
                if (c.getRemoved().stream().anyMatch(w -> w instanceof javafx.scene.control.ContextMenu
                        && root(w) == main.get())) {
                    justClosed = true;
                    javafx.application.Platform.runLater(() -> justClosed = false);
                }
            }
        });
    }

    /**
     * Whether the key being handled closed a menu or context menu over the workbench: the Esc that closes a menu must
     * not also end presentation mode (a trainer closing a menu on the projector dropped out of it).
     */
    boolean menuJustClosed() {
        return justClosed;
    }

    /**
     * Gives {@code w} presentation mode's type when it opens over the workbench while presentation mode is on; a
     * menu or tooltip made then and opened again after presentation mode ended gets its own type back.
     */
    void style(Window w) {
        Window main = this.main.get();
        if (main == null || root(w) != main || w == main) {
            return;
        }
        Node pane = w instanceof Stage && w.getScene() != null && w.getScene().getRoot() instanceof DialogPane d
                ? d : null;
        if (!(w instanceof PopupControl) && pane == null) {
            return;
        }
        double px = size.getAsDouble();
        String own = ownStyle(w, pane);
        String style = px <= 0 ? own
                : own + (own.isBlank() ? "" : "; ") + String.format(Locale.ROOT, "-fx-font-size: %.1fpx", px);
        if (pane != null) {
            pane.setStyle(style);
        } else {
            ((PopupControl) w).setStyle(style);
        }
    }

    /** The style {@code w} had before presentation mode first styled it. */
    private static String ownStyle(Window w, @Nullable Node pane) {
        var props = pane != null ? pane.getProperties() : w.getProperties();
        return (String) props.computeIfAbsent(OWN_STYLE, k -> {
            String s = pane != null ? pane.getStyle() : ((PopupControl) w).getStyle();
            return s == null ? "" : s;
        });
    }

    /** The window {@code w} opens over: the owner of its owner, up to a window that has none. */
    private static Window root(Window w) {
        Window at = w;
        for (int i = 0; i < 16; i++) {
            Window owner = at instanceof PopupWindow p ? p.getOwnerWindow()
                    : at instanceof Stage s ? s.getOwner() : null;
            if (owner == null) {
                return at;
            }
            at = owner;
        }
        return at;
    }
}
