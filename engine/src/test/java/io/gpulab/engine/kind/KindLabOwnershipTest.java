package io.gpulab.engine.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** A lab touches only what carries its own label, and its kubeconfig is its own and private. */
class KindLabOwnershipTest {

    @TempDir
    Path dir;
    final RecordingDocker docker = new RecordingDocker();

    @AfterEach
    void resetSeam() {
        KubeconfigFile.written = p -> { };
    }

    private KindLab lab(String name) {
        KindLabConfig cfg = new KindLabConfig(name, 36443, List.of(new KindLabConfig.Tenant("tenant-a",
                List.of(new KindLabConfig.Worker("tenant-a-worker", KindPlanTest.A100, 10)))),
                dir.resolve(name + ".kubeconfig"));
        return new KindLab(cfg, new DockerOps(docker.client(), Duration.ofSeconds(5), Duration.ofSeconds(5)),
                KindVersions.load());
    }

    private void fresh(String managementKubeconfig) {
        docker.execAnswer = (c, cmd) -> {
            if (cmd.contains("--print-join-command")) {
                return new Object[] {0L, KindPlanTest.JOIN};
            }
            if (cmd.startsWith("sed ")) {
                return new Object[] {0L, managementKubeconfig};
            }
            boolean probe = cmd.startsWith("test ") || cmd.contains("--timeout=0s")
                    || cmd.startsWith("kubectl") && cmd.contains(" get ");
            return new Object[] {probe ? 1L : 0L, ""};
        };
    }

    @Test
    void upVerifyAndDownUseOneLabNamePerScenario() {
        LabSpec article = new ScenarioReader().load("article").lab();
        KindLabConfig cfg = KindLabSpecs.forScenario(article);
        assertEquals("gpulab-article", cfg.lab());
        assertEquals("gpulab-article", cfg.network());
        assertEquals(KindBackendFactory.defaultKubeconfig("gpulab-article"), cfg.kubeconfigOut());
        assertEquals("gpulab-my-lab-2", KindLabSpecs.labName("My Lab_2"));
    }

    @Test
    void downRemovesOnlyItsOwnLabsContainersNetworksAndKubeconfig() throws Exception {
        fresh("server: https://127.0.0.1:36443 # one\n");
        lab("gpulab-one").up(p -> { });
        docker.containers.put("gpulab-two-control-plane", Map.of(KindLabels.LAB, "gpulab-two"));
        docker.networks.put("gpulab-two", Map.of(KindLabels.LAB, "gpulab-two"));
        Files.writeString(dir.resolve("gpulab-two.kubeconfig"), "two");
        List<String> removed = lab("gpulab-one").down();
        assertEquals(List.of("gpulab-two-control-plane"), List.copyOf(docker.containers.keySet()));
        assertEquals(List.of("gpulab-two"), List.copyOf(docker.networks.keySet()));
        assertTrue(Files.exists(dir.resolve("gpulab-two.kubeconfig")));
        assertFalse(Files.exists(dir.resolve("gpulab-one.kubeconfig")));
        assertEquals(4, removed.size(), removed.toString());   // 2 containers, the network, the kubeconfig
    }

    @Test
    void upRefusesASameNamedContainerItDidNotLabelAndNeverRunsAnythingInIt() {
        fresh("k");
        docker.containers.put("gpulab-one-control-plane", Map.of());   // e.g. left by hand, or not gpulab's at all
        List<StepProgress> progress = new ArrayList<>();
        KindException e = assertThrows(KindException.class, () -> lab("gpulab-one").up(progress::add));
        assertTrue(e.getMessage().contains("a container named gpulab-one-control-plane exists but is not lab "
                + "gpulab-one's (no io.gpulab.lab label)"), e.getMessage());
        assertEquals("management-node", progress.get(progress.size() - 1).id());
        assertFalse(docker.execs.stream().anyMatch(x -> x.startsWith("gpulab-one-control-plane:")), docker.execs.toString());
        assertEquals(0, docker.calls("startContainerCmd").size());

        docker.containers.remove("gpulab-one-control-plane");
        docker.containers.put("tenant-a-worker", Map.of(KindLabels.LAB, "gpulab-two"));   // another lab's worker
        KindException w = assertThrows(KindException.class, () -> lab("gpulab-one").up(p -> { }));
        assertTrue(w.getMessage().contains("io.gpulab.lab=gpulab-two"), w.getMessage());
        assertFalse(docker.execs.stream().anyMatch(x -> x.startsWith("tenant-a-worker:")), docker.execs.toString());
    }

    @Test
    void helperContainersAreNamedPerLabAndAnotherLabsHelperIsLeftAlone() {
        fresh("k");
        docker.containers.put("gpulab-two-helm-kamaji", Map.of(KindLabels.LAB, "gpulab-two"));
        lab("gpulab-one").up(p -> { });
        assertTrue(docker.containers.containsKey("gpulab-two-helm-kamaji"), "another lab's helper survives");
        assertTrue(docker.calls("createContainerCmd").stream().anyMatch(c -> "gpulab-one-helm-kamaji".equals(
                c.with().get("withName").get(0))));
    }

    @Test
    void aKubeconfigLeftByAnEarlierLabIsReplacedNotReused() throws Exception {
        Path out = dir.resolve("gpulab-one.kubeconfig");
        Files.writeString(out, "server: https://127.0.0.1:36443 # stale credentials of a lab torn down by hand\n");
        fresh("server: https://127.0.0.1:36443 # this lab\n");
        List<StepProgress> progress = new ArrayList<>();
        lab("gpulab-one").up(progress::add);
        assertEquals(StepProgress.State.DONE, progress.get(progress.size() - 1).state());
        assertEquals("server: https://127.0.0.1:36443 # this lab\n", Files.readString(out));
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void theKubeconfigIsOwnerOnlyFromTheMomentItHoldsCredentials() throws Exception {
        List<String> modes = new ArrayList<>();
        KubeconfigFile.written = p -> {
            try {
                modes.add(PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        Path out = dir.resolve("lab.kubeconfig");
        Files.writeString(out, "old");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r--r--"));
        KubeconfigFile.write(out, "token: s3cr3t");
        assertEquals(List.of("rw-------"), modes, "the credentials were readable by others before a chmod");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        assertEquals("token: s3cr3t", Files.readString(out));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(out), left.toList(), "no temporary file left behind");
        }
    }
}
