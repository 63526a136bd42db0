package io.gpulab.app.cli;

import org.jspecify.annotations.Nullable;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Running out of heap, said in the one designed line wherever it happened (docs/outputs.md, "Failures are one line"): on the
 * command's thread, on a worker whose failure reached it wrapped (picocli's ExecutionException, a Future's, a
 * CompletableFuture's CompletionException), on a thread no one waits for. It was "internal error (ExecutionException:
 * ... OutOfMemoryError)" from a command that is a method, and once nothing at all: the heap that was full could not
 * hold the message either. So a little heap is set aside at start and given back before the line is built, and a
 * copy of the line made at start is written as bytes when even that fails.
 */
public final class OutOfMemoryLine {

    /** What is given back before the line is built: the line, picocli's and the terminal writer's buffers. */
    private static final int RESERVE_BYTES = 2 << 20;
    private static final AtomicBoolean SAID = new AtomicBoolean();
    private static volatile byte @Nullable [] reserve;
    private static volatile byte @Nullable [] prepared;

    private OutOfMemoryLine() {
    }

    /** Sets the heap aside and prepares the line's bytes; the launcher calls it before any command runs. */
    public static void reserve() {
        reserve = new byte[RESERVE_BYTES];
        prepared = (text("gpulab", Runtime.getRuntime().maxMemory()) + System.lineSeparator())
                .getBytes(Charset.defaultCharset());
    }

    /** Whether an OutOfMemoryError ended this failure: it is one, or one is among its causes or suppressed. */
    public static boolean causedBy(@Nullable Throwable t) {
        for (int depth = 0; t != null && depth < 32; depth++) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
            for (Throwable s : t.getSuppressed()) {
                if (s instanceof OutOfMemoryError) {
                    return true;
                }
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        return false;
    }

    /**
     * The line: who ran out, the heap this JVM may use ({@link Runtime#maxMemory()}) and how to give it twice that.
     */
    public static String text(String who, long heap) {
        return String.format(Locale.ROOT, "%s: out of memory (the JVM's heap is %,d MB): the input needs more than "
                + "this heap holds; give it more with GPULAB_JAVA_OPTS=%s (JDK_JAVA_OPTIONS on Windows and macOS), or "
                + "a smaller input", who, heap >> 20, twice(heap));
    }

    /** {@code -Xmx} of twice this heap, rounded up to 256 MB up to 768 MB, else to GBs (as import snapshot's refusal rounds). */
    static String twice(long heap) {
        long want = 2 * heap;
        long quarter = 256L << 20;
        long gb = 1L << 30;
        return want <= 3 * quarter ? "-Xmx" + (want + quarter - 1) / quarter * 256 + "m"
                : "-Xmx" + (want + gb - 1) / gb + "g";
    }

    /**
     * Says the line on {@code err} (once per JVM: a worker and the command's thread may both get here) and returns
     * the exit code, 2.
     */
    public static int say(String who, PrintWriter err) {
        reserve = null;
        if (SAID.compareAndSet(false, true)) {
            try {
                err.println(text(who, Runtime.getRuntime().maxMemory()));
                err.flush();
            } catch (OutOfMemoryError again) {
                sayPrepared();
            }
        }
        return GpulabCommand.EXIT_USAGE;
    }

    /** As {@link #say} on stderr, for the launcher's last resort and threads no one waits for. */
    public static int sayOnStderr(String who) {
        try {
            return say(who, new PrintWriter(System.err, true));
        } catch (OutOfMemoryError again) {
            sayPrepared();
            return GpulabCommand.EXIT_USAGE;
        }
    }

    private static void sayPrepared() {
        byte[] b = prepared;
        if (b != null) {
            System.err.write(b, 0, b.length);
            System.err.flush();
        }
    }

    /** For tests that say it more than once in one JVM. */
    static void forget() {
        SAID.set(false);
    }
}
