package io.gpulab.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gpulab verify}: the report files and the backend choice. */
class VerifyCommandTest {

    @Test
    void articleWritesJUnitXmlWithEightPassingTestcases(@TempDir Path dir) throws Exception {
        CliHarness.Result r = CliHarness.run("verify", "article", "--report", dir.toString());
        assertEquals(0, r.exit(), r.err());
        Path xml = dir.resolve("TEST-gpulab-article.xml");
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile())
                .getDocumentElement();
        assertEquals("8", suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals(8, suite.getElementsByTagName("testcase").getLength());
        assertTrue(Files.readString(dir.resolve("article.md")).contains("8 passed, 0 failed"));
        assertTrue(Files.readString(dir.resolve("article.html")).contains("<table"));
        assertTrue(r.out().contains("article on sim: 8 passed, 0 failed"), r.out());
    }

    @Test
    void aFailingCheckExitsOneAndIsAFailureInTheXml(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wrong.yaml");
        Files.writeString(file, RunCommandTest.SMALL.replace("node: w-a}", "node: elsewhere}"));
        CliHarness.Result r = CliHarness.run("verify", file.toString(), "--report", dir.resolve("r").toString());
        assertEquals(1, r.exit(), r.err());
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(dir.resolve("r/TEST-gpulab-small.xml").toFile()).getDocumentElement();
        assertEquals("1", suite.getAttribute("failures"));
        Element failure = (Element) suite.getElementsByTagName("failure").item(0);
        assertEquals("node: expected elsewhere, observed w-a", failure.getAttribute("message"));
    }

    @Test
    void anUnknownBackendExitsTwoNamingTheAvailableOnes(@TempDir Path dir) {
        CliHarness.Result r = CliHarness.run("verify", "article", "--backend", "nope", "--report", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("no backend 'nope'") && r.err().contains("sim"), r.err());
    }
}
