package io.gpulab.app.cli;

import io.gpulab.engine.plan.PlanProgress;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The progress of {@code gpulab plan} on stderr: on a terminal a live bar redrawn in place (at most ~10
 * times a second), elsewhere one line per finished candidate, so logs stay readable.
 */
final class PlanProgressLine implements PlanProgress {

    private static final int BAR = 24;

    private final PrintWriter err;
    private final boolean tty;
    private final Map<String, double[]> state = new LinkedHashMap<>();
    private final long start = System.nanoTime();
    private long lastDraw;

    PlanProgressLine(PrintWriter err, boolean tty, Iterable<String> candidates) {
        this.err = err;
        this.tty = tty;
        candidates.forEach(c -> state.put(c, new double[] {0, 0, 0}));
    }

    @Override
    public synchronized void replay(String candidate, int replay, double fraction) {
        double[] s = state.get(candidate);
        s[0] = replay;
        s[1] = fraction;
        draw(false);
    }

    @Override
    public synchronized void done(String candidate) {
        double[] s = state.get(candidate);
        s[1] = 1;
        s[2] = 1;
        if (!tty) {
            err.printf(Locale.ROOT, "plan: %s done after %d replay%s (%.1f s)%n", candidate, (int) s[0],
                    s[0] == 1 ? "" : "s", (System.nanoTime() - start) / 1e9);
            err.flush();
        }
        draw(true);
    }

    private int sensitivityDone = -1;
    private int sensitivityTotal;
    private int lastTenth = -1;

    @Override
    public synchronized void sensitivity(int done, int total) {
        sensitivityDone = done;
        sensitivityTotal = total;
        if (!tty) {
            int tenth = total == 0 ? 10 : done * 10 / total;
            if (tenth != lastTenth) {
                lastTenth = tenth;
                err.printf(Locale.ROOT, "plan: robustness replays %d/%d (%.1f s)%n", done, total,
                        (System.nanoTime() - start) / 1e9);
                err.flush();
            }
            return;
        }
        draw(done == total);
    }

    /**
     * Whether stderr is a terminal (the bar is drawn there even when stdout is piped to a file): on Linux its
     * descriptor links to a tty; elsewhere Java only knows whether both standard streams are one.
     */
    static boolean stderrIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    /** Ends the live line. */
    synchronized void finish() {
        if (tty) {
            draw(true);
            err.println();
            err.flush();
        }
    }

    private void draw(boolean force) {
        if (!tty) {
            return;
        }
        long now = System.nanoTime();
        if (!force && now - lastDraw < 100_000_000L) {
            return;
        }
        lastDraw = now;
        if (sensitivityDone >= 0) {
            double f = sensitivityTotal == 0 ? 1 : (double) sensitivityDone / sensitivityTotal;
            int fill = (int) Math.round(f * BAR);
            err.print("\rplan [" + "#".repeat(fill) + "-".repeat(BAR - fill) + "] "
                    + String.format(Locale.ROOT, "%3d%% robustness replays %d/%d", Math.round(f * 100), sensitivityDone,
                    sensitivityTotal) + "            ");
            err.flush();
            return;
        }
        double sum = 0;
        int done = 0;
        StringBuilder who = new StringBuilder();
        for (var e : state.entrySet()) {
            double[] s = e.getValue();
            sum += s[2] == 1 ? 1 : s[1] * 0.9;
            if (s[2] == 1) {
                done++;
            } else if (s[0] > 0 && who.length() < 40) {
                who.append(who.length() == 0 ? "" : ", ").append(e.getKey()).append(" #").append((int) s[0]);
            }
        }
        double f = sum / Math.max(1, state.size());
        int fill = (int) Math.round(f * BAR);
        err.print("\rplan [" + "#".repeat(fill) + "-".repeat(BAR - fill) + "] "
                + String.format(Locale.ROOT, "%3d%% %d/%d candidates  %s", Math.round(f * 100), done, state.size(),
                who) + "   ");
        err.flush();
    }
}
