package io.gpulab.app.gui.export;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * Starts the JavaFX toolkit without a display (Monocle headless, software rendering) for the CLI's
 * screenshot and report commands. The properties must be set before the toolkit first loads.
 */
public final class HeadlessFx {

    private static boolean started;
    /** True when this class started the toolkit: one that was already running (a workbench's, a test's) stays up. */
    private static boolean owned;
    /**
     * JavaFX warns on stderr that it was loaded from the class path ("Unsupported JavaFX configuration"), which
     * is how gpulab ships it on purpose; a command's stderr stays for the command. Kept so it is not collected.
     */
    private static final java.util.logging.Logger FX_LOG = java.util.logging.Logger.getLogger("javafx");

    private HeadlessFx() {
    }

    /**
     * Makes the headless screen at least {@code width} × {@code height} when the toolkit starts: a window larger than
     * its screen is painted past the screen's buffer (JavaFX's BufferOverflowException). No effect once started.
     */
    public static synchronized void fitScreen(int width, int height) {
        if (!started && System.getProperty("headless.geometry") == null) {
            System.setProperty("headless.geometry", Math.max(2560, width) + "x" + Math.max(1600, height) + "-32");
        }
    }

    /**
     * Starts the toolkit headless once per JVM, unless one already runs in it (the workbench's, or a
     * test's): the decision report renders its charts from the command line and from the open workbench
     * alike, and {@link Platform#startup} throws if a toolkit is already up.
     */
    public static synchronized void start() throws InterruptedException {
        if (started) {
            return;
        }
        try {
            Platform.runLater(() -> { });
            started = true;
            return;
        } catch (IllegalStateException notYet) {
            // no toolkit yet: start one headless below
        }
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        System.setProperty("headless.geometry", System.getProperty("headless.geometry", "2560x1600-32"));
        startup();
    }

    /**
     * Starts the desktop toolkit on the display instead (a benchmark in a real window): {@link #start} then finds
     * it running and leaves it as it is.
     */
    public static synchronized void startOnDisplay() throws InterruptedException {
        if (!started) {
            startup();
        }
    }

    /** Starts the toolkit this class owns (and so may {@link #exit}), within a bound. */
    private static void startup() throws InterruptedException {
        FX_LOG.setLevel(java.util.logging.Level.SEVERE);
        CountDownLatch ready = new CountDownLatch(1);
        Platform.startup(ready::countDown);
        Platform.setImplicitExit(false);
        if (!ready.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the JavaFX toolkit did not start within 30 s");
        }
        started = true;
        owned = true;
    }

    /** Runs {@code work} on the FX thread and waits for its result. */
    public static <T> T call(Callable<T> work) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        try {
            return f.get(10, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw e;
        }
    }

    /** Stops the toolkit if this class started it; one it found running is left to its owner. */
    public static synchronized void exit() {
        if (owned) {
            Platform.exit();
        }
    }
}
