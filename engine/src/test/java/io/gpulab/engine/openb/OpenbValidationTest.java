package io.gpulab.engine.openb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Each openb input defect found by fuzzing: a one-line error naming file, line and column. */
class OpenbValidationTest {

    private static final String NODES = "sn,cpu_milli,memory_mib,gpu,model\n";
    private static final String PODS = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
            + "creation_time,deletion_time,scheduled_time\n";

    @TempDir
    Path dir;

    private String nodesError(String rows) throws IOException {
        Path f = dir.resolve("nodes.csv");
        Files.writeString(f, NODES + rows);
        return assertThrows(IOException.class, () -> OpenbCsv.nodes(f)).getMessage().replace(f.toString(), "F");
    }

    private String podsError(String rows) throws IOException {
        Path f = dir.resolve("pods.csv");
        Files.writeString(f, PODS + rows);
        return assertThrows(IOException.class, () -> OpenbCsv.pods(f)).getMessage().replace(f.toString(), "F");
    }

    @Test
    void anEmptyPodNameIsNamedNotANullPointer() throws IOException {
        assertEquals("F:3: name: empty; every row needs one",
                podsError("p0,1000,1024,1,500,,LS,Running,0,10,0\n,1000,1024,1,500,,LS,Running,5,10,5\n"));
    }

    @Test
    void farApartCreationTimesAreRefusedNotOverflowed() throws IOException {
        assertEquals("F:3: creation_time: 9223372036854775807 is out of range (0 to 315360000 seconds, ten years)",
                podsError("p0,1000,1024,1,500,,LS,Running,0,,0\np1,1000,1024,1,500,,LS,Running,"
                        + Long.MAX_VALUE + ",,0\n"));
        assertEquals("F:2: creation_time: -5 is out of range (0 to 315360000 seconds, ten years)",
                podsError("p0,1000,1024,1,500,,LS,Running,-5,,0\n"));
    }

    @Test
    void aNegativeGpuCountIsRefusedNotDropped() throws IOException {
        assertEquals("F:2: gpu: -2 is out of range (0 to 64 cards per worker)", nodesError("n0,64000,262144,-2,T4\n"));
    }

    @Test
    void anEmptyNumGpuIsAnErrorNotACpuOnlyPod() throws IOException {
        assertEquals("F:2: num_gpu: empty where a number is required",
                podsError("p0,1000,1024,,500,,LS,Running,0,10,0\n"));
    }

    @Test
    void twoBillionCardsOnANodeAreRefusedBeforeTheReplay() throws IOException {
        assertEquals("F:2: gpu: 2147483647 is out of range (0 to 64 cards per worker)",
                nodesError("n0,64000,262144,2147483647,T4\n"));
        assertEquals("F:2: num_gpu: 2147483647 is out of range (0 to 64 cards per worker)",
                podsError("p0,1000,1024,2147483647,500,,LS,Running,0,10,0\n"));
    }

    @Test
    void aBinaryFileIsNamedAsOne() throws IOException {
        Path f = dir.resolve("nodes.bin");
        Files.write(f, new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0});
        String m = assertThrows(IOException.class, () -> OpenbCsv.nodes(f)).getMessage().replace(f.toString(), "F");
        assertEquals("F:3: not a text file: a NUL byte at byte offset 8 (expected a CSV text file)", m);
        Files.write(f, new byte[] {'s', 'n', (byte) 0xC3, '\n'});
        m = assertThrows(IOException.class, () -> OpenbCsv.nodes(f)).getMessage().replace(f.toString(), "F");
        assertEquals("F:1: not UTF-8 text: invalid byte 0xC3 at byte offset 2 (expected a CSV text file)", m);
    }

    @Test
    void aFileWithoutNodeRowsSaysSo() throws IOException {
        assertEquals("F:1: no node rows (expected the header sn,cpu_milli,memory_mib,gpu,model and one row per node)",
                nodesError(""));
    }

    @Test
    void jacksonsWordsAreSaidAsTheUsersNotAsJavaTypes() throws IOException {
        // found by docs/tools/probe.py: a row with a value more than the header named `java.lang.Long`
        assertEquals("F:2: creation_time: \"Running\" is not a whole number (a row with fewer or more values than "
                + "the header shifts its columns)", podsError("p0,1000,1024,1,500,,,LS,Running,0,100\n"));
        assertEquals("F:2: a number out of range: (99999999999999999999) (at most 2,147,483,647)",
                podsError("p0,1000,1024,99999999999999999999,500,,LS,Running,0,100,0\n"));
        Path empty = dir.resolve("empty.csv");
        Files.writeString(empty, "");
        assertEquals("F:1: the file is empty; expected a header line naming the columns",
                assertThrows(IOException.class, () -> OpenbCsv.pods(empty)).getMessage().replace(empty.toString(), "F"));
    }
}
