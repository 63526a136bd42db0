package io.gpulab.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.cli.GpulabCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Bad arguments to gui / screenshot / report exit 2 with a message, before any toolkit starts. */
class GuiCommandsArgsTest {

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        var cli = GpulabCommand.commandLine();
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void unknownScenarioForTheGuiFailsOnTheCommandLine() {
        assertEquals(2, run("gui", "no-such-scenario"));
        assertTrue(err.toString().contains("no-such-scenario"), err.toString());
    }

    @Test
    void anUnknownBackendForTheGuiFailsOnTheCommandLineNamingTheKnownOnes() {
        assertEquals(2, run("gui", "--backend", "clustr"));
        assertTrue(err.toString().contains("unknown backend 'clustr'") && err.toString().contains("cluster"),
                err.toString());
    }

    @Test
    void aClustersOptionsWithoutTheClusterBackendAreRefusedNotDropped() {
        for (String command : new String[] {"gui", "verify", "screenshot"}) {
            err.getBuffer().setLength(0);
            String[] args = "screenshot".equals(command)
                    ? new String[] {command, "article", "--out", "x.png", "--kubeconfig", "mgmt.kubeconfig"}
                    : new String[] {command, "article", "--kubeconfig", "mgmt.kubeconfig"};
            assertEquals(2, run(args), command);
            assertTrue(err.toString().contains("add --backend cluster"), command + ": " + err);
        }
    }

    @Test
    void aScreenshotOfAnUnreachableClusterSaysWhereItLooked(@org.junit.jupiter.api.io.TempDir java.nio.file.Path d)
            throws Exception {
        java.nio.file.Path missing = d.resolve("nope.kubeconfig");
        assertEquals(2, run("screenshot", "article", "--out", d.resolve("x.png").toString(), "--backend", "cluster",
                "--kubeconfig", missing.toString()));
        assertTrue(err.toString().contains(missing.toString()), err.toString());
    }

    @Test
    void screenshotScaleMustBeOneOrTwo() {
        assertEquals(2, run("screenshot", "article", "--out", "x.png", "--scale", "3"));
        assertTrue(err.toString().contains("--scale must be 1 or 2"), err.toString());
    }

    @Test
    void screenshotNeedsAnOutputFile() {
        assertEquals(2, run("screenshot", "article"));
        assertTrue(err.toString().contains("--out"), err.toString());
    }

    @Test
    void reportNeedsAnOutputFile() {
        assertEquals(2, run("report", "article"));
    }
}
