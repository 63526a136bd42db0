package io.gpulab.app.cli;

import io.gpulab.engine.cluster.BrokenServer;
import io.gpulab.engine.cluster.MockLab;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A management cluster that refuses, fails or answers garbage, or nothing at all on its port: every command that
 * reads it says it could not read the cluster, in one line, and exits 2; never "no GPU pods" or an empty picture,
 * and verify still writes its report, which says why it has no evidence.
 */
class ConnectionFailuresTest {

    enum Failure { UNAUTHORIZED, FORBIDDEN, ERROR_500, GARBAGE, REFUSED }

    @TempDir
    Path dir;

    private Path kubeconfig(String url) throws Exception {
        return MockLab.writeKubeconfig(dir, "management", url, "s3cr3t-token");
    }

    private static String closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return "https://127.0.0.1:" + s.getLocalPort();
        }
    }

    private static void assertOneLineCannotRead(String command, CliHarness.Result r) {
        assertEquals(2, r.exit(), command + ": " + r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), command + ": " + r.err());
        assertTrue(r.err().contains("cannot read the cluster: the management cluster "), command + ": " + r.err());
        assertFalse(r.err().contains("no GPU pods") || r.err().contains("Exception") || r.err().contains("\tat "),
                command + ": " + r.err());
        assertFalse((r.out() + r.err()).contains("s3cr3t-token"), command);
    }

    @ParameterizedTest
    @EnumSource(Failure.class)
    void everyCommandSaysItCouldNotReadTheCluster(Failure failure) throws Exception {
        BrokenServer server = failure == Failure.REFUSED ? null : new BrokenServer(BrokenServer.Mode.valueOf(
                failure.name()));
        try {
            String kc = kubeconfig(server == null ? closedPort() : server.url()).toString();
            Path plan = ClusterPlan.write(dir);
            List<String[]> commands = new ArrayList<>();
            commands.add(new String[] {"plan", plan.toString(), "--kubeconfig", kc});
            commands.add(new String[] {"why-pending", "--kubeconfig", kc, "--tenant", "tenant-a", "--pod", "default/p"});
            commands.add(new String[] {"what-if", "--kubeconfig", kc, "--add-worker", "tenant-a:A100-80GB:1"});
            commands.add(new String[] {"screenshot", "article", "--backend", "cluster", "--kubeconfig", kc, "--out",
                dir.resolve("s.png").toString()});
            for (String[] c : commands) {
                assertOneLineCannotRead(c[0], CliHarness.run(c));
            }
            assertFalse(Files.exists(dir.resolve("s.png")), "no picture of an empty lab");

            Path report = dir.resolve("report");
            CliHarness.Result v = CliHarness.run("verify", "article", "--backend", "cluster", "--kubeconfig", kc,
                    "--report", report.toString());
            assertEquals(2, v.exit(), v.out() + v.err());
            assertTrue(v.err().contains("backend cluster: the management cluster "), v.err());
            String md = Files.readString(report.resolve("article.md"));
            assertTrue(md.contains("the management cluster ") && md.contains("not run"), md);
            assertFalse(md.contains("s3cr3t-token"));
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /**
     * A tenant given its own kubeconfig whose API server refuses the credentials: its watch is set up, but it lists
     * nothing. Every command said what an empty lab says: plan "no GPU pods to plan for", what-if "no pending GPU pods"
     * (exit 0), why-pending "pod not found", screenshot a picture (exit 0). Each now says the tenant could not be
     * read, and why, in one line.
     */
    @ParameterizedTest
    @EnumSource(value = Failure.class, names = {"UNAUTHORIZED", "FORBIDDEN"})
    void aTenantWhoseCredentialsAreRefusedIsSaidSoByEveryCommand(Failure failure) throws Exception {
        try (BrokenServer server = new BrokenServer(BrokenServer.Mode.valueOf(failure.name()))) {
            String kc = "tenant-a=" + MockLab.writeKubeconfig(dir, "tenant-a", server.url(), "s3cr3t-token");
            String code = failure == Failure.UNAUTHORIZED ? "HTTP 401 Unauthorized" : "HTTP 403 Forbidden";
            Path plan = ClusterPlan.write(dir);
            List<String[]> commands = new ArrayList<>();
            commands.add(new String[] {"plan", plan.toString(), "--no-management", "--tenant-kubeconfig", kc});
            commands.add(new String[] {"why-pending", "--no-management", "--tenant-kubeconfig", kc, "--tenant",
                "tenant-a", "--pod", "default/p"});
            commands.add(new String[] {"what-if", "--no-management", "--tenant-kubeconfig", kc, "--add-worker",
                "tenant-a:A100-80GB:1"});
            commands.add(new String[] {"screenshot", "article", "--backend", "cluster", "--no-management",
                "--tenant-kubeconfig", kc, "--out", dir.resolve("s.png").toString()});
            for (String[] c : commands) {
                CliHarness.Result r = CliHarness.run(c);
                assertEquals(2, r.exit(), c[0] + ": " + r.out() + r.err());
                assertEquals(1, r.err().strip().lines().count(), c[0] + ": " + r.err());
                // one line that names the tenant and its server and says the refusal once (it said it for nodes,
                // pods and events: three times)
                assertTrue(r.err().contains("cannot read the cluster: no tenant could be read (tenant-a: the API "
                        + "server " + server.url() + " refused to list nodes, pods and events: " + code),
                        c[0] + ": " + r.err());
                assertEquals(1, r.err().split(code.substring(0, 8), -1).length - 1, c[0] + ": " + r.err());
                assertFalse((r.out() + r.err()).contains("no GPU pods") || r.err().contains("not found")
                        || (r.out() + r.err()).contains("s3cr3t-token"), c[0] + ": " + r.out() + r.err());
            }
            assertFalse(Files.exists(dir.resolve("s.png")), "no picture of a tenant that could not be read");

            Path report = dir.resolve("report");
            CliHarness.Result v = CliHarness.run("verify", "article", "--backend", "cluster", "--no-management",
                    "--tenant-kubeconfig", kc, "--report", report.toString());
            assertEquals(2, v.exit(), v.out() + v.err());
            assertTrue(Files.readString(report.resolve("article.md")).contains(code));
        }
    }
}
