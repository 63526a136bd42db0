package io.gpulab.engine.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replace rule and the whole-or-nothing writes of docs/outputs.md, of one file and of a directory. */
class OutputFileTest {

    private static final OutputKind KIND = OutputKind.of("test report", "made-by: gpulab");

    private static OutputFile.Body text(String s) {
        return out -> out.write(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    /** Everything in {@code dir}, hidden temporary files included. */
    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aNewFileIsWrittenWithItsDirectoriesAndNothingElseIsLeft(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("a/b/out.txt");
        long bytes = OutputFile.write(target, KIND, false, text("made-by: gpulab\nhello\n"));
        assertEquals("made-by: gpulab\nhello\n", read(target));
        assertEquals(22, bytes);
        assertEquals(List.of("out.txt"), names(target.getParent()));
    }

    @Test
    void aFileGpulabWroteIsReplacedAnyOtherOnlyWithForce(@TempDir Path dir) throws IOException {
        Path ours = dir.resolve("ours.txt");
        Files.writeString(ours, "made-by: gpulab\nold\n");
        OutputFile.write(ours, KIND, false, text("made-by: gpulab\nnew\n"));
        assertEquals("made-by: gpulab\nnew\n", read(ours));

        Path theirs = dir.resolve("notes.txt");
        Files.writeString(theirs, "my notes\n");
        OutputException e = assertThrows(OutputException.class,
                () -> OutputFile.write(theirs, KIND, false, text("made-by: gpulab\n")));
        assertEquals(theirs + ": refused: the file exists and is not a test report gpulab wrote; choose another "
                + "name, or add --force to replace it", e.getMessage());
        assertEquals("my notes\n", read(theirs));
        OutputFile.write(theirs, KIND, true, text("made-by: gpulab\n"));
        assertEquals("made-by: gpulab\n", read(theirs));
    }

    @Test
    void aSymbolicLinkIsNeverWrittenThroughEvenWithForce(@TempDir Path dir) throws IOException {
        Path victim = dir.resolve("victim.txt");
        Files.writeString(victim, "made-by: gpulab\nkeep me\n");
        Path link = Files.createSymbolicLink(dir.resolve("out.txt"), victim);
        OutputException e = assertThrows(OutputException.class,
                () -> OutputFile.write(link, KIND, false, text("made-by: gpulab\nnew\n")));
        assertTrue(e.getMessage().startsWith(link + ": refused: it is a symbolic link (to " + victim + ")"),
                e.getMessage());
        assertEquals("made-by: gpulab\nkeep me\n", read(victim));

        OutputFile.write(link, KIND, true, text("made-by: gpulab\nnew\n"));
        assertFalse(Files.isSymbolicLink(link), "--force replaces the link itself");
        assertEquals("made-by: gpulab\nnew\n", read(link));
        assertEquals("made-by: gpulab\nkeep me\n", read(victim), "what the link pointed to is left alone");
    }

    @Test
    void aDanglingLinkIsRefusedAndNotFollowed(@TempDir Path dir) throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("out.txt"), dir.resolve("elsewhere/created.txt"));
        assertThrows(OutputException.class, () -> OutputFile.write(link, KIND, false, text("x")));
        assertFalse(Files.exists(dir.resolve("elsewhere")));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aDirectoryIsRefusedAndKeptEvenEmptyAndWithForce(@TempDir Path dir) throws IOException {
        Path empty = Files.createDirectory(dir.resolve("shots"));
        for (boolean force : new boolean[] {false, true}) {
            OutputException e = assertThrows(OutputException.class,
                    () -> OutputFile.write(empty, KIND, force, text("x")));
            assertTrue(e.getMessage().startsWith(empty + ": refused: it is a directory; give a file name"),
                    e.getMessage());
        }
        assertTrue(Files.isDirectory(empty));
        assertEquals(List.of("shots"), names(dir));
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aFifoIsRefusedWithoutOpeningIt(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        OutputException e = assertThrows(OutputException.class, () -> OutputFile.write(fifo, KIND, true, text("x")));
        assertEquals(fifo + ": refused: it is a FIFO, socket or device, not a regular file", e.getMessage());
    }

    @Test
    void aFailedWriteKeepsThePreviousFileAndLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.txt");
        Files.writeString(target, "made-by: gpulab\nprevious\n");
        OutputException e = assertThrows(OutputException.class, () -> OutputFile.write(target, KIND, false, out -> {
            out.write(new byte[100_000]);
            throw new IOException("No space left on device");
        }));
        assertEquals(target + ": cannot write: no space left on device (the disk is full); the previous file is kept "
                + "as it was", e.getMessage());
        assertEquals("made-by: gpulab\nprevious\n", read(target));
        assertEquals(List.of("out.txt"), names(dir));
    }

    /**
     * A disk with {@code room} bytes left: past them every write answers as Linux does on a full disk (ENOSPC, which
     * the JDK reports as an IOException "No space left on device"); {@code forceFails}: the force does (NFS, delayed
     * allocation).
     */
    private static Disk full(long room, boolean forceFails) {
        return new Disk() {
            @Override
            public OutputStream stream(FileChannel ch) {
                OutputStream real = Disk.REAL.stream(ch);
                return new OutputStream() {
                    private long written;

                    @Override
                    public void write(int b) throws IOException {
                        write(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        int fits = (int) Math.max(0, Math.min(len, room - written));
                        real.write(b, off, fits);
                        written += fits;
                        if (fits < len) {
                            throw new IOException("No space left on device");
                        }
                    }
                };
            }

            @Override
            public void force(FileChannel ch) throws IOException {
                if (forceFails) {
                    throw new IOException("No space left on device");
                }
                ch.force(true);
            }
        };
    }

    /** A body as ImageIO's PNG writer is one: the file system's error wrapped in its own. */
    private static OutputFile.Body wrapping(int bytes) {
        return out -> {
            try {
                out.write(new byte[bytes]);
                out.flush();
            } catch (IOException e) {
                throw new IOException("I/O error writing PNG file!", e);
            }
        };
    }

    @Test
    void aFullDiskIsOneLineWhereverTheWriteFailsAndLeavesNothingBehind(@TempDir Path dir) throws IOException {
        record Case(String what, Disk disk, OutputFile.Body body) { }
        List<Case> cases = List.of(
                new Case("a write past the room", full(4096, false), out -> out.write(new byte[300_000])),
                new Case("the last buffer, flushed after the body", full(10, false), text("made-by: gpulab\nsmall\n")),
                new Case("the force to disk", full(Long.MAX_VALUE, true), text("made-by: gpulab\nsmall\n")),
                new Case("an encoder that wraps the error", full(4096, false), wrapping(300_000)),
                new Case("an empty disk", full(0, false), text("made-by: gpulab\n")));
        for (Case c : cases) {
            Path fresh = dir.resolve("fresh.txt");
            OutputException e = assertThrows(OutputException.class,
                    () -> OutputFile.write(fresh, KIND, false, c.body(), c.disk()), c.what());
            assertEquals(fresh + ": cannot write: no space left on device (the disk is full); nothing was written "
                    + "under that name", e.getMessage(), c.what());

            Path previous = Files.writeString(dir.resolve("previous.txt"), "made-by: gpulab\nprevious\n");
            e = assertThrows(OutputException.class,
                    () -> OutputFile.write(previous, KIND, false, c.body(), c.disk()), c.what());
            assertEquals(previous + ": cannot write: no space left on device (the disk is full); the previous file is "
                    + "kept as it was", e.getMessage(), c.what());
            assertEquals("made-by: gpulab\nprevious\n", read(previous), c.what());

            Path report = dir.resolve("report");
            e = assertThrows(OutputException.class, () -> OutputDirectory.write(report, false, List.of(
                    new OutputDirectory.Part("a.txt", KIND, text("made-by: gpulab a")),
                    new OutputDirectory.Part("b.txt", KIND, c.body())), c.disk()), c.what());
            assertEquals(report + ": cannot write: no space left on device (the disk is full); nothing was written "
                    + "under that name", e.getMessage(), c.what());
            assertEquals(List.of("previous.txt"), names(dir), c.what() + ": no temporary file or directory is left");
        }
    }

    /**
     * The state a kill -9 in the middle of a write freezes: the body has written part of its bytes and waits. Under
     * the final name there is nothing (or the previous file, whole); the bytes are in a hidden temporary file only.
     */
    @Test
    void midWriteTheFinalNameHoldsNothingOrThePreviousFile(@TempDir Path dir) throws Exception {
        Path fresh = dir.resolve("fresh.txt");
        Path previous = Files.writeString(dir.resolve("previous.txt"), "made-by: gpulab\nprevious\n");
        for (Path target : List.of(fresh, previous)) {
            java.util.concurrent.CountDownLatch halfway = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            Thread writer = new Thread(() -> {
                try {
                    OutputFile.write(target, KIND, false, out -> {
                        out.write("made-by: gpulab\n".getBytes(StandardCharsets.UTF_8));
                        out.write(new byte[200_000]);   // past the buffer: on disk in the temporary file
                        out.flush();
                        halfway.countDown();
                        try {
                            go.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                } catch (OutputException e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            assertTrue(halfway.await(2, java.util.concurrent.TimeUnit.MINUTES), "a hang guard");
            if (target.equals(fresh)) {
                assertFalse(Files.exists(fresh, LinkOption.NOFOLLOW_LINKS), "nothing under the final name mid-write");
            } else {
                assertEquals("made-by: gpulab\nprevious\n", read(previous), "the previous file, whole, mid-write");
            }
            List<String> temps = names(dir).stream().filter(n -> n.startsWith("." + target.getFileName() + ".gpulab-"
                    + ProcessHandle.current().pid() + "-") && n.endsWith(".tmp")).toList();
            assertEquals(1, temps.size(), names(dir).toString());
            assertTrue(Files.size(dir.resolve(temps.get(0))) >= 200_000, "the bytes so far are in the temporary file");
            go.countDown();
            writer.join();
            assertEquals(200_016, Files.size(target));
        }
        assertEquals(List.of("fresh.txt", "previous.txt"), names(dir));
    }

    @Test
    void temporaryFilesOfProcessesThatAreGoneAreRemovedOnTheNextWrite(@TempDir Path dir) throws IOException {
        Path gone = dir.resolve(".out.txt.gpulab-" + deadPid() + "-abc.tmp");
        Path alive = dir.resolve(".out.txt.gpulab-" + ProcessHandle.current().pid() + "-abc.tmp");
        Files.writeString(gone, "partial");
        Files.writeString(alive, "being written");
        OutputFile.write(dir.resolve("out.txt"), KIND, false, text("made-by: gpulab\n"));
        assertEquals(List.of(alive.getFileName().toString(), "out.txt"), names(dir));
    }

    private static long deadPid() {
        long pid = 4_000_000; // above Linux's pid_max limit (2^22), so never a running process
        while (ProcessHandle.of(pid).isPresent()) {
            pid++;
        }
        return pid;
    }

    @Test
    void aNewDirectoryAppearsWithEveryFileOrNotAtAll(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("report");
        assertThrows(OutputException.class, () -> OutputDirectory.write(report, false, List.of(
                new OutputDirectory.Part("a.txt", KIND, text("made-by: gpulab a")),
                new OutputDirectory.Part("b.txt", KIND, out -> {
                    throw new IOException("No space left on device");
                }))));
        assertEquals(List.of(), names(dir), "no directory, no temporary directory");

        List<Path> files = OutputDirectory.write(report, false, List.of(
                new OutputDirectory.Part("a.txt", KIND, text("made-by: gpulab a")),
                new OutputDirectory.Part("b.txt", KIND, text("made-by: gpulab b"))));
        assertEquals(List.of(report.resolve("a.txt"), report.resolve("b.txt")), files);
        assertEquals(List.of("a.txt", "b.txt"), names(report));
        assertEquals(List.of("report"), names(dir));
    }

    @Test
    void anExistingDirectoryKeepsOtherFilesAndRefusesBeforeWritingAny(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.txt"), "made-by: gpulab old a");
        Files.writeString(dir.resolve("b.txt"), "someone else's b");
        Files.writeString(dir.resolve("other.xml"), "<other/>");
        List<OutputDirectory.Part> parts = List.of(new OutputDirectory.Part("a.txt", KIND, text("made-by: gpulab new a")),
                new OutputDirectory.Part("b.txt", KIND, text("made-by: gpulab new b")));
        OutputException e = assertThrows(OutputException.class, () -> OutputDirectory.write(dir, false, parts));
        assertTrue(e.getMessage().startsWith(dir.resolve("b.txt") + ": refused"), e.getMessage());
        assertEquals("made-by: gpulab old a", read(dir.resolve("a.txt")), "nothing written before the refusal");

        OutputDirectory.write(dir, true, parts);
        assertEquals("made-by: gpulab new a", read(dir.resolve("a.txt")));
        assertEquals("made-by: gpulab new b", read(dir.resolve("b.txt")));
        assertEquals("<other/>", read(dir.resolve("other.xml")));
        assertEquals(List.of("a.txt", "b.txt", "other.xml"), names(dir));
    }

    @Test
    void aFileWhereTheDirectoryShouldBeIsRefused(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("report"), "x");
        OutputException e = assertThrows(OutputException.class, () -> OutputDirectory.write(file, true,
                List.of(new OutputDirectory.Part("a.txt", KIND, text("a")))));
        assertEquals(file + ": refused: it is a file, not a directory", e.getMessage());
        assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS));
    }
}
