package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Running out of heap is the designed line however the error was wrapped on its way to the command line. */
class OutOfMemoryLineTest {

    @AfterEach
    void forget() {
        OutOfMemoryLine.forget();
    }

    @Test
    void theLineNamesTheHeapAndTwiceIt() {
        assertEquals("gpulab plan: out of memory (the JVM's heap is 1,900 MB): the input needs more than this heap "
                + "holds; give it more with GPULAB_JAVA_OPTS=-Xmx4g (JDK_JAVA_OPTIONS on Windows and macOS), or a "
                + "smaller input", OutOfMemoryLine.text("gpulab plan", 1900L << 20));
        assertTrue(OutOfMemoryLine.text("gpulab run", 200L << 20).contains("GPULAB_JAVA_OPTS=-Xmx512m "));
    }

    @Test
    void anOutOfMemoryErrorIsFoundUnderEveryWrapper() throws Exception {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        FutureTask<Object> task = new FutureTask<>(() -> {
            throw oom;
        });
        task.run();
        ExecutionException fromFuture = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                task::get);
        CompletionException fromCompletable = org.junit.jupiter.api.Assertions.assertThrows(
                CompletionException.class, CompletableFuture.failedFuture(oom)::join);
        RuntimeException suppressing = new RuntimeException("closing");
        suppressing.addSuppressed(oom);
        assertTrue(OutOfMemoryLine.causedBy(oom));
        assertTrue(OutOfMemoryLine.causedBy(fromFuture));
        assertTrue(OutOfMemoryLine.causedBy(fromCompletable));
        assertTrue(OutOfMemoryLine.causedBy(new IllegalStateException(fromCompletable)));
        assertTrue(OutOfMemoryLine.causedBy(suppressing));
        assertFalse(OutOfMemoryLine.causedBy(new IllegalStateException("boom", new StackOverflowError())));
        assertFalse(OutOfMemoryLine.causedBy(null));
    }

    @Command(name = "boom")
    static final class Boom {
        @Command(name = "wrapped")
        int wrapped() {
            // as a worker's failure reaches a command: a CompletableFuture's, rethrown by the method picocli calls
            throw new CompletionException(new OutOfMemoryError("Java heap space"));
        }
    }

    @Test
    void aCommandWhoseWorkerRanOutSaysTheLineOnceAndExits2() {
        CommandLine cli = GpulabCommand.commandLine();
        cli.addSubcommand("boom", new CommandLine(new Boom()));
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        assertEquals(2, cli.execute("boom", "wrapped"));
        String said = err.toString();
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.startsWith("gpulab boom wrapped: out of memory (the JVM's heap is "), said);
        // a second failure of the same JVM (another thread's) does not say it again
        assertEquals(2, cli.execute("boom", "wrapped"));
        assertEquals(said, err.toString());
    }
}
