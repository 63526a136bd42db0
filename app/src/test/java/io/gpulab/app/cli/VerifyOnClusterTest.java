package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.cluster.KindShapedLab;
import io.gpulab.engine.cluster.MockLab;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * {@code gpulab verify article --backend cluster}: the same eight checks and the same report, on a
 * mock Kamaji management cluster whose tenants are scheduled by a HAMi double.
 */
@EnableKubernetesMockClient(crud = true)
class VerifyOnClusterTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void withWritesAllowedTheArticlePassesAndTheReportNamesTheClusterBackend() throws Exception {
        try (KindShapedLab lab = new KindShapedLab(new ScenarioReader().load("article").lab(), client, dir)) {
            Path report = dir.resolve("report");
            CliHarness.Result r = CliHarness.run("verify", "article", "--backend", "cluster", "--kubeconfig",
                    lab.managementKubeconfig.toString(), "--allow-writes", "--report", report.toString());

            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("article on cluster: 8 passed, 0 failed"), r.out());
            Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(report.resolve("TEST-gpulab-article.xml").toFile()).getDocumentElement();
            assertEquals("8", suite.getAttribute("tests"));
            assertEquals("0", suite.getAttribute("failures"));
            for (Path f : Files.list(report).toList()) {
                assertFalse(Files.readString(f).contains(MockLab.TOKEN_PREFIX), f + " holds a token");
            }
        }
    }

    @Test
    void readOnlyTheReportSaysWhyTheSubmitsFailed() throws Exception {
        try (KindShapedLab lab = new KindShapedLab(new ScenarioReader().load("article").lab(), client, dir)) {
            Path report = dir.resolve("report");
            CliHarness.Result r = CliHarness.run("verify", "article", "--backend", "cluster", "--kubeconfig",
                    lab.managementKubeconfig.toString(), "--report", report.toString());

            assertEquals(1, r.exit(), r.out() + r.err());
            assertTrue(Files.readString(report.resolve("article.md")).contains("--allow-writes"));
        }
    }
}
