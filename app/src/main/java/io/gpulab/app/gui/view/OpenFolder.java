package io.gpulab.app.gui.view;

import java.awt.Desktop;
import java.io.IOException;
import java.nio.file.Path;

/** Shows a folder in the desktop's file manager, off the FX thread (the call can take a second). */
final class OpenFolder {

    private OpenFolder() {
    }

    static void open(Path dir) {
        Thread t = new Thread(() -> {
            try {
                if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.OPEN)) {
                    Desktop.getDesktop().open(dir.toFile());
                    return;
                }
                String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
                String cmd = os.contains("win") ? "explorer" : os.contains("mac") ? "open" : "xdg-open";
                new ProcessBuilder(cmd, dir.toString()).inheritIO().start();
            } catch (IOException | RuntimeException e) {
                // nothing to open it with: the status line already shows the full path
            }
        }, "gpulab-open-folder");
        t.setDaemon(true);
        t.start();
    }
}
