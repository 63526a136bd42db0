package io.gpulab.engine.snapshot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The up-front heap estimate of an import and its one-line refusal, with the JVM's maximum heap given. */
class ImportMemoryTest {

    @TempDir
    Path dir;

    /** A file of this many bytes (sparse: nothing is written). */
    private Path sized(String name, long bytes) throws IOException {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(bytes);
        }
        return p;
    }

    @Test
    void theEstimateIsTheBasePlusFiveBytesPerDumpByte() {
        assertEquals(48L << 20, ImportMemory.estimate(0));
        assertEquals((48L << 20) + 5 * (200L << 20), ImportMemory.estimate(200L << 20));
    }

    @Test
    void aHeapThatHoldsTheEstimateImportsAndOneByteLessIsRefusedWithTheEstimate() throws Exception {
        Path d = sized("d.yaml", 195L << 20);
        long need = ImportMemory.estimate(195L << 20); // 1,023 MB
        assertDoesNotThrow(() -> ImportMemory.check(List.of(d), need));
        IOException e = assertThrows(IOException.class, () -> ImportMemory.check(List.of(d), 400L << 20));
        assertEquals(d + " (195 MB): importing it needs about 1,023 MB of heap (5 bytes per dump byte and 48 MB), "
                + "more than the 400 MB this JVM may use: give it more with GPULAB_JAVA_OPTS=-Xmx2g (JDK_JAVA_OPTIONS "
                + "on Windows and macOS), or dump fewer namespaces (kubectl get ... -n NAMESPACE)", e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertThrows(IOException.class, () -> ImportMemory.check(List.of(d), need - 1));
    }

    @Test
    void everyDumpOfTheImportCountsTogether() throws Exception {
        // each alone fits 300 MB; the tenants and the management dump are held at once
        Path a = sized("a.yaml", 40L << 20);
        Path b = sized("b.yaml", 20L << 20);
        Path m = sized("m.yaml", 512L << 10);
        assertDoesNotThrow(() -> ImportMemory.check(List.of(a), 300L << 20));
        assertDoesNotThrow(() -> ImportMemory.check(List.of(b), 300L << 20));
        IOException e = assertThrows(IOException.class, () -> ImportMemory.check(List.of(a, b, m), 300L << 20));
        assertEquals(a + " (40 MB), " + b + " (20 MB), " + m + " (524,288 bytes): importing them needs about 350 MB "
                + "of heap (5 bytes per dump byte and 48 MB), more than the 300 MB this JVM may use: give it more with "
                + "GPULAB_JAVA_OPTS=-Xmx512m (JDK_JAVA_OPTIONS on Windows and macOS), or dump fewer namespaces "
                + "(kubectl get ... -n NAMESPACE)", e.getMessage());
    }

    @Test
    void whatIsNoRegularFileIsLeftToItsReader() throws Exception {
        Path missing = dir.resolve("missing.yaml");
        assertDoesNotThrow(() -> ImportMemory.check(List.of(missing, dir), 1));
        Files.writeString(dir.resolve("small.yaml"), "kind: List\nitems: []\n");
        assertDoesNotThrow(() -> ImportMemory.check(List.of(dir.resolve("small.yaml")), 64L << 20));
    }

    @Test
    void theSuggestedHeapHoldsTheEstimateWithTheJvmsSurvivorSpaceLeftOut() {
        assertEquals("-Xmx256m", ImportMemory.xmx(100L << 20));
        assertEquals("-Xmx512m", ImportMemory.xmx(400L << 20));
        assertEquals("-Xmx1g", ImportMemory.xmx(900L << 20));
        assertEquals("-Xmx1g", ImportMemory.xmx(976L << 20)); // 1,015 MB with the 4 %
        assertEquals("-Xmx2g", ImportMemory.xmx(1000L << 20)); // 1,040 MB
        assertEquals("-Xmx6g", ImportMemory.xmx(5L << 30));
    }
}
