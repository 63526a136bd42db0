package io.gpulab.engine.verify;

import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verify report files: JUnit XML that parses back, and readable summaries. */
class VerifyReportTest {

    private static RunResult run() {
        StepResult ok = new StepResult(1, "submit", "tenant-a", "default/p1", null, null, true, List.of(),
                "pod <1> runs", 14, true);
        StepResult applied = new StepResult(2, "advance", null, null, null, null, true, List.of(), "", 20, false);
        StepResult bad = new StepResult(3, "submit", "tenant-a", "default/p2", null, null, false,
                List.of("phase: expected Pending, observed Running"), "", 22, true);
        LabState state = new LabState(List.of(new LabState.Tenant("tenant-a", List.of(new LabState.Node("w",
                null, List.of(new LabState.Card("GPU-0", "NVIDIA A100", 81920, 20000, 100, 30, 10, 1, true, 0, 0)),
                new LabState.Registration(null, List.of(), "annos not found hami.io/node-nvidia-register"))))));
        return new RunResult("demo", List.of(ok, applied, bad), state, new RunResult.Summary(1, 1));
    }

    @Test
    void junitXmlHasOneTestcasePerCheckAndParsesBack(@TempDir Path dir) throws Exception {
        List<Path> files = VerifyReport.write(run(), "sim", 0.25, dir, false);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(files.get(0).toFile());
        Element suite = doc.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(2, cases.getLength());
        assertEquals("01 pod <1> runs", ((Element) cases.item(0)).getAttribute("name"));
        assertEquals(0, ((Element) cases.item(0)).getElementsByTagName("failure").getLength());
        Element failure = (Element) ((Element) cases.item(1)).getElementsByTagName("failure").item(0);
        assertEquals("phase: expected Pending, observed Running", failure.getAttribute("message"));
        assertTrue(failure.getTextContent().contains("line 22"));
    }

    @Test
    void summariesShowChecksAndState(@TempDir Path dir) throws Exception {
        List<Path> files = VerifyReport.write(run(), "sim", 0.25, dir, false);
        String md = Files.readString(files.get(1));
        assertTrue(md.contains("**1 passed, 1 failed**"), md);
        assertTrue(md.contains("| 3 | 22 | submit tenant-a default/p2 | **FAILED** | phase: expected Pending"), md);
        assertTrue(md.contains("| 2 | 20 | advance | done |"), md);
        assertTrue(md.contains("20000 / 81920"), md);
        String html = Files.readString(files.get(2));
        assertTrue(html.contains("pod &lt;1&gt; runs"), html);
        assertFalse(html.contains("pod <1> runs"), html);
        assertTrue(html.contains("FAILED"), html);
    }
}
