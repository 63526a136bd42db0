package io.gpulab.engine.snapshot;

import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.sim.SimBackend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dumps as hostile users and real clusters write them: each problem named by file, line and object, never a trace. */
class DumpReaderTest {

    private static final String REG = "[{\"id\":\"GPU-%s\",\"count\":10,\"devmem\":24576,\"devcore\":100,"
            + "\"type\":\"NVIDIA L4\",\"mode\":\"hami-core\",\"health\":true}]";

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** Imports the dump as tenant-a and loads the result as {@code gpulab run} does (reader, then the lab). */
    private SnapshotImporter.Result importAndLoad(Path dump) throws Exception {
        Map<String, Dump> dumps = new LinkedHashMap<>();
        dumps.put("tenant-a", DumpReader.read(dump));
        SnapshotImporter.Result r = SnapshotImporter.toScenario("s", dumps, null);
        Scenario s = new ScenarioReader().read("s.yaml", new StringReader(ScenarioYaml.toString(r.scenario())), false);
        try (SimBackend sim = SimBackend.start(s.lab())) {
            assertFalse(sim.snapshot().tenants().isEmpty());
        }
        return r;
    }

    private static String node(String name, String gpu, String cpu) {
        return "- apiVersion: v1\n  kind: Node\n  metadata:\n    name: " + name + "\n    annotations:\n"
                + "      hami.io/node-nvidia-register: '" + String.format(REG, gpu) + "'\n"
                + "  status:\n    capacity:\n      cpu: \"" + cpu + "\"\n      memory: 16Gi\n";
    }

    private static String pod(String name, String gpu) {
        return "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: " + name + "\n    namespace: default\n"
                + "  spec:\n    containers:\n    - name: c\n      image: busybox\n      resources:\n        limits:\n"
                + "          nvidia.com/gpu: \"" + gpu + "\"\n  status:\n    phase: Pending\n";
    }

    @Test
    void whatImportWritesRunAccepts() throws Exception {
        String yaml = "apiVersion: v1\nkind: List\nitems:\n"
                + node("w1", "a", "500m")
                + node("w1", "b", "8")                          // the same node name again
                + node("w2", "a", "18446744073709551617")        // card id of w1, cpu beyond 64 bits
                + node("Bad_Name", "c", "8")
                + pod("p1", "1")
                + pod("p1", "1")                                  // the same pod again
                + pod("p2", "1.5")                                // the API server refuses a fractional GPU
                + pod("p3", "99999999999999999999999Ei")          // overflow, refused, not wrapped
                + pod("UPPER", "1")
                + "- apiVersion: v1\n  kind: Pod\n  spec: {}\n"   // no metadata
                + "- apiVersion: v1\n  kind: ResourceQuota\n  metadata: {name: q, namespace: default}\n"
                + "  spec: {hard: {cpu: \"10\"}}\n"
                + "- apiVersion: v1\n  kind: ResourceQuota\n  metadata: {name: q, namespace: default}\n"
                + "  spec: {hard: {cpu: \"20\"}}\n"
                + "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: long\n    annotations:\n      note: "
                + "x".repeat(200_000) + "\n  spec:\n    containers: [{name: c, image: i}]\n";
        Path dump = file("a.yaml", yaml);
        SnapshotImporter.Result r = importAndLoad(dump);
        List<String> s = r.skipped();
        String all = String.join("\n", s);
        assertTrue(s.contains("tenant-a: " + dump + ":4: Node w1 status.capacity.cpu: 500m is less than one of the whole "
                + "cores the lab counts (imported as 1)"), all);
        assertTrue(all.contains(dump + ":14: Node w1: a second Node of this name"), all);
        assertTrue(all.contains(dump + ":24: Node w2 status.capacity.cpu: \"18446744073709551617\" is too large"),
                all);
        assertTrue(all.contains(dump + ":24: Node w2 metadata.annotations[hami.io/node-nvidia-register]: card id "
                + "GPU-a is also on node w1"), all);
        assertTrue(all.contains(dump + ":34: Node Bad_Name metadata.name: not a valid node name"), all);
        assertTrue(all.contains(": Pod default/p1: a second Pod of this namespace and name"), all);
        assertTrue(all.contains(": Pod default/p2 spec.containers[0].resources.limits[nvidia.com/gpu]: \"1.5\" is not a "
                + "whole number"), all);
        assertTrue(all.contains(": Pod default/p3 spec.containers[0].resources.limits[nvidia.com/gpu]: "
                + "\"99999999999999999999999Ei\" is too large"), all);
        assertTrue(all.contains(": Pod default/UPPER metadata.name: not a valid pod name"), all);
        assertTrue(all.contains(": Pod #10: metadata.name missing (a Pod needs one; not imported)"), all);
        assertTrue(all.contains(": ResourceQuota default/q: a second ResourceQuota"), all);
        assertTrue(all.contains(": Pod default/long metadata.annotations[note]: 200004 characters; a value is limited"),
                all);
        assertFalse(all.contains("Exception"), all);
    }

    @Test
    void jsonWithKindAfterItemsStreamsItsItems() throws Exception {
        Path dump = file("a.json", "{\"items\":[{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"w1\"},"
                + "\"status\":{\"capacity\":{\"cpu\":\"4\",\"memory\":\"1Gi\"}}}],\"kind\":\"List\",\"apiVersion\":\"v1\"}");
        Dump d = DumpReader.read(dump);
        assertEquals(1, d.nodes().size());
        assertTrue(d.others().isEmpty(), "the List itself is no object of the dump");
        assertEquals(dump + ":1", d.at(d.nodes().get(0)));
    }

    @Test
    void aliasesAreResolvedAndABillionLaughsIsRefused() throws Exception {
        Path dump = file("a.yaml", "apiVersion: v1\nkind: List\nitems:\n"
                + "- apiVersion: v1\n  kind: Node\n  metadata:\n    name: w1\n    annotations: &ann\n"
                + "      hami.io/node-nvidia-register: '" + String.format(REG, "a") + "'\n"
                + "  status: {capacity: {cpu: '4', memory: 1Gi}}\n"
                + "- apiVersion: v1\n  kind: Node\n  metadata: {name: w2, annotations: *ann}\n"
                + "  status: {capacity: {cpu: '4', memory: 1Gi}}\n");
        Dump d = DumpReader.read(dump);
        assertEquals(String.format(REG, "a"),
                d.nodes().get(1).getMetadata().getAnnotations().get("hami.io/node-nvidia-register"));

        StringBuilder laughs = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 10; i++) {
            laughs.append("a").append(i).append(": &a").append(i).append(" [").append(
                    String.join(", ", java.util.Collections.nCopies(10, "*a" + (i - 1)))).append("]\n");
        }
        IOException e = assertThrows(IOException.class, () -> DumpReader.read(file("b.yaml", laughs.toString())));
        assertTrue(e.getMessage().matches(".*b\\.yaml:\\d+: YAML aliases copy more than 100000 values.*"),
                e.getMessage());
    }

    @Test
    void aFifoIsRefusedNotWaitedFor() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        if (mk.waitFor() != 0) {
            return; // no mkfifo here
        }
        IOException e = assertThrows(IOException.class, () -> DumpReader.read(fifo));
        assertEquals(fifo + ": a FIFO, socket or device; a dump must be a regular file", e.getMessage());
        e = assertThrows(IOException.class, () -> HamiValues.read(fifo));
        assertTrue(e.getMessage().contains("--hami-values must be a regular file"), e.getMessage());
    }

    @Test
    void aKeyTwiceAndGarbageAreOneLine() throws Exception {
        IOException e = assertThrows(IOException.class, () -> DumpReader.read(file("a.yaml",
                "kind: Node\nmetadata:\n  name: a\n  name: b\n")));
        assertEquals(dir.resolve("a.yaml") + ":4: key 'name' appears twice in one mapping", e.getMessage());
        Dump d = DumpReader.read(file("b.yaml", "kind: Pod\nmetadata: {name: x}\nspec: {containers: 7}\n"));
        assertEquals(List.of(dir.resolve("b.yaml") + ":1: Pod x spec.containers: not a valid value (the object is not "
                + "imported)"), d.skipped());
    }

    @Test
    void helmValuesThatAreNoMappingAreRefused() throws Exception {
        IOException e = assertThrows(IOException.class, () -> HamiValues.read(file("passwd",
                "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n")));
        assertTrue(e.getMessage().endsWith("passwd: not Helm values: the document is string, not a mapping of keys"),
                e.getMessage());
    }
}
