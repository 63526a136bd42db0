package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpulab.engine.openb.Arrivals;
import io.gpulab.engine.openb.OpenbCsv;
import io.gpulab.engine.openb.OpenbImporter;
import io.gpulab.engine.plan.OpenbTraceFixture;
import io.gpulab.engine.snapshot.ScenarioYaml;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** A scenario gpulab wrote and that was cut short never loads: not at a line, not in the middle of one. */
class GeneratedScenarioTest {

    private static String replay(Path dir) throws Exception {
        OpenbTraceFixture.write(dir);
        ObjectNode doc = new OpenbImporter(CardCatalog.builtIn()).importTrace("cut", OpenbCsv.nodes(dir.resolve(
                "nodes.csv")), OpenbCsv.pods(dir.resolve("pods.csv")), new OpenbImporter.Options(1, Arrivals.TRACE,
                1.3, 42)).scenario();
        return ScenarioYaml.toString(GeneratedScenario.mark(doc, "gpulab 9.9 import openb"));
    }

    private static Scenario read(String text) {
        return new ScenarioReader().read("cut.yaml", new StringReader(text), false);
    }

    @Test
    void theWholeFileLoadsAndEndsWithTheMarker(@TempDir Path dir) throws Exception {
        String text = replay(dir);
        assertTrue(text.endsWith("end: true\n"), text.substring(Math.max(0, text.length() - 40)));
        assertTrue(text.contains("  generator: gpulab 9.9 import openb\n"));
        assertEquals(23, read(text).steps().size(), "6 pods created and deleted at the trace's times, clock advances "
                + "between");
    }

    @Test
    void everyCutIsRefusedNeverRunShort(@TempDir Path dir) throws Exception {
        String text = replay(dir);
        int cutShort = 0;
        int cuts = 0;
        for (int end = 0; end < text.length() - "end: true\n".length() + 4; end++) {
            // every line boundary and every third character in between
            if (end % 3 != 0 && text.charAt(Math.max(0, end - 1)) != '\n') {
                continue;
            }
            cuts++;
            String cut = text.substring(0, end);
            try {
                Scenario s = read(cut);
                fail("a file cut after " + end + " of " + text.length() + " characters loaded with "
                        + s.steps().size() + " steps");
            } catch (ScenarioException e) {
                assertTrue(e.getMessage().startsWith("cut.yaml:"), e.getMessage());
                if (e.getMessage().contains("the file is cut short")) {
                    cutShort++;
                }
            }
        }
        assertTrue(cutShort > cuts / 2, "most cuts are named as such, " + cutShort + " of " + cuts);
    }

    @Test
    void theCutIsSaidAtTheLastLine(@TempDir Path dir) throws Exception {
        String text = replay(dir);
        String cut = text.substring(0, text.indexOf("- advance:", text.indexOf("steps:")));
        ScenarioException e = assertThrows(ScenarioException.class, () -> read(cut));
        long lines = cut.chars().filter(c -> c == '\n').count();
        assertTrue(e.getMessage().startsWith("cut.yaml:" + lines + ": the file is cut short: metadata.generator "
                + "(gpulab 9.9 import openb) says gpulab wrote it"), e.getMessage());
    }

    @Test
    void anEndOtherThanTrueIsRefused() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> read("""
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: x}
                lab: {tenants: [{name: t, workers: [{name: w, cards: [{model: L4-24GB}]}]}]}
                end: "yes"
                """));
        assertTrue(e.getMessage().startsWith("cut.yaml:5: end: must be true"), e.getMessage());
    }
}
