package io.gpulab.engine.verify;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verify reports of a real run carry evidence: every step numbered, what each passing check observed
 * and compared, the virtual time, and real wall times (JUnit times were all 0).
 */
class VerifyEvidenceTest {

    private static RunResult run(String name) {
        Scenario s = new ScenarioReader().load(name);
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            return new ScenarioRunner(b).run(s);
        }
    }

    @Test
    void markdownAndHtmlListEveryStepWithTheEvidenceOfPassingChecks(@TempDir Path dir) throws Exception {
        RunResult run = run("lock-lifecycle");
        List<Path> files = VerifyReport.write(run, "sim", 0.5, dir, false);
        String md = Files.readString(files.get(1));
        for (int i = 1; i <= run.steps().size(); i++) {
            assertTrue(md.contains("\n| " + i + " | " + run.steps().get(i - 1).line() + " | "), "step " + i + "\n" + md);
        }
        String first = md.lines().filter(l -> l.startsWith("| 1 |")).findFirst().orElseThrow();
        assertTrue(first.contains("passed") && first.contains("compared: phase = Running; node = tenant-a-worker")
                && first.contains("2026-01-01T00:00:00Z"), first);
        assertTrue(md.contains("| done |"), md);
        String html = Files.readString(files.get(2));
        assertTrue(html.contains("compared: phase = Running; node = tenant-a-worker"), html);
        assertTrue(html.contains("2026-01-01T00:06:00Z"), "the clock after the 4m and 2m advances\n" + html);
    }

    @Test
    void junitCarriesRealTimesAndEvidenceAndListsEveryStep(@TempDir Path dir) throws Exception {
        RunResult run = run("article");
        Path xml = VerifyReport.write(run, "sim", 0.5, dir, false).get(0);
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile())
                .getDocumentElement();
        NodeList cases = suite.getElementsByTagName("testcase");
        double total = 0;
        for (int i = 0; i < cases.getLength(); i++) {
            Element tc = (Element) cases.item(i);
            total += Double.parseDouble(tc.getAttribute("time"));
            String out = tc.getElementsByTagName("system-out").item(0).getTextContent();
            assertTrue(out.contains("compared: ") && out.contains("virtual 2026-"), out);
        }
        assertTrue(total > 0, "every testcase took 0 s");
        String all = ((Element) suite.getElementsByTagName("system-out").item(cases.getLength())).getTextContent();
        assertEquals(run.steps().size(), all.lines().count(), all);
    }
}
