package io.gpulab.app.gui.window;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Rectangle2D;
import org.jspecify.annotations.Nullable;

/**
 * What the X server says about top-level windows, through {@code xdotool} and {@code xwininfo} (Debian's xdotool and
 * x11-utils): the only way to see GTK's native file dialogs, which JavaFX neither lists nor sizes. A window's bounds
 * here are its frame's, the window manager's title bar and borders included, as the user sees it.
 */
final class X11Windows {

    private static final Pattern ABS_X = Pattern.compile("Absolute upper-left X:\\s+(-?\\d+)");
    private static final Pattern ABS_Y = Pattern.compile("Absolute upper-left Y:\\s+(-?\\d+)");
    private static final Pattern WIDTH = Pattern.compile("\\n\\s*Width:\\s+(\\d+)");
    private static final Pattern HEIGHT = Pattern.compile("\\n\\s*Height:\\s+(\\d+)");

    private X11Windows() {
    }

    /** The running window manager's name (its _NET_WM_NAME), or null when the X server has none. */
    static @Nullable String windowManager() {
        String check = run("xprop", "-root", "-notype", "_NET_SUPPORTING_WM_CHECK");
        Matcher m = Pattern.compile("window id # (0x[0-9a-f]+)").matcher(check);
        if (!m.find()) {
            return null;
        }
        String name = run("xprop", "-id", m.group(1), "-notype", "_NET_WM_NAME");
        Matcher n = Pattern.compile("= \"(.*)\"").matcher(name);
        return n.find() ? n.group(1) : "unnamed (" + m.group(1) + ")";
    }

    /** The ids of the mapped windows titled exactly {@code title}. */
    static List<String> titled(String title) {
        List<String> out = new ArrayList<>();
        String ids = run("xdotool", "search", "--onlyvisible", "--name", "^" + regexQuote(title) + "$");
        for (String line : ids.split("\n")) {
            if (line.strip().matches("\\d+")) {
                out.add(line.strip());
            }
        }
        return out;
    }

    /**
     * What the user sees of window {@code id}: its area with the window manager's title bar and borders
     * ({@code _NET_FRAME_EXTENTS}) and without the invisible shadow a client-side decorated GTK window draws around
     * itself ({@code _GTK_FRAME_EXTENTS}).
     */
    static Rectangle2D frame(String id) {
        String info = run("xwininfo", "-id", id);
        int[] wm = extents(id, "_NET_FRAME_EXTENTS");
        int[] shadow = extents(id, "_GTK_FRAME_EXTENTS");
        double x = number(ABS_X, info) + shadow[0] - wm[0];
        double y = number(ABS_Y, info) + shadow[2] - wm[2];
        double w = number(WIDTH, info) - shadow[0] - shadow[1] + wm[0] + wm[1];
        double h = number(HEIGHT, info) - shadow[2] - shadow[3] + wm[2] + wm[3];
        return new Rectangle2D(x, y, w, h);
    }

    /** The X server's own figures for {@code id}, for a failure message. */
    static String raw(String id) {
        String info = run("xwininfo", "-id", id);
        return "window " + id + " at (" + (long) number(ABS_X, info) + ", " + (long) number(ABS_Y, info) + ") "
                + (long) number(WIDTH, info) + "x" + (long) number(HEIGHT, info) + ", _NET_FRAME_EXTENTS "
                + java.util.Arrays.toString(extents(id, "_NET_FRAME_EXTENTS")) + ", _GTK_FRAME_EXTENTS "
                + java.util.Arrays.toString(extents(id, "_GTK_FRAME_EXTENTS"));
    }

    /** Left, right, top, bottom of a CARDINAL[4] property of {@code id}; zeros when it is not set. */
    private static int[] extents(String id, String property) {
        Matcher m = Pattern.compile("= (\\d+), (\\d+), (\\d+), (\\d+)").matcher(run("xprop", "-id", id, property));
        if (!m.find()) {
            return new int[4];
        }
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
            Integer.parseInt(m.group(4))};
    }

    /** Presses {@code key} (xdotool's names, e.g. "Escape", "ctrl+a") in the window that has the keyboard focus. */
    static void key(String key) {
        run("xdotool", "key", "--clearmodifiers", key);
    }

    /** Types {@code text} into the window that has the keyboard focus. */
    static void type(String text) {
        run("xdotool", "type", "--delay", "40", text);
    }

    private static double number(Pattern p, String text) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            throw new AssertionError("no " + p + " in xwininfo's answer: " + text);
        }
        return Double.parseDouble(m.group(1));
    }

    private static String regexQuote(String s) {
        return s.replaceAll("([\\\\.^$|?*+()\\[\\]{}])", "\\\\$1");
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not answer within 60 s");
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(command[0] + " is needed for this test (Debian: xdotool, x11-utils): " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
