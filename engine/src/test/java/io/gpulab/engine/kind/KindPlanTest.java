package io.gpulab.engine.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.HostConfig;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The article's lab as a step plan, checked call by call against a recording fake of docker-java. */
class KindPlanTest {

    static final String JOIN = "kubeadm join 172.18.255.200:6443 --token abcdef.0123456789abcdef "
            + "--discovery-token-ca-cert-hash sha256:1234\n";
    static final String A100 = NodeRegistrationCodec.encodeJson(List.of(new DeviceInfo("GPU-a100-0", 0, 10, 81920,
            100, "NVIDIA-NVIDIA A100-SXM4-80GB", 0, "hami-core", true)));

    @TempDir
    Path dir;
    final RecordingDocker docker = new RecordingDocker();
    final List<StepProgress> progress = new ArrayList<>();

    KindLab lab() {
        KindLabConfig cfg = new KindLabConfig("gpulab", 36443, List.of(
                new KindLabConfig.Tenant("tenant-a", List.of(new KindLabConfig.Worker("tenant-a-worker", A100, 10))),
                new KindLabConfig.Tenant("tenant-b", List.of(new KindLabConfig.Worker("tenant-b-worker", A100, 10)))),
                dir.resolve("gpulab.kubeconfig"));
        return new KindLab(cfg, new DockerOps(docker.client(), Duration.ofSeconds(5), Duration.ofSeconds(5)),
                KindVersions.load());
    }

    /** A fresh Docker: every "is it done?" probe says no, every action succeeds. */
    void fresh() {
        docker.execAnswer = (c, cmd) -> {
            if (cmd.contains("--print-join-command")) {
                return new Object[] {0L, JOIN};
            }
            if (cmd.startsWith("sed ")) {
                return new Object[] {0L, "clusters:\n- cluster: {server: https://127.0.0.1:36443}\n"};
            }
            boolean probe = cmd.startsWith("test ") || cmd.contains("--timeout=0s")
                    || cmd.startsWith("kubectl") && cmd.contains(" get ");
            return new Object[] {probe ? 1L : 0L, ""};
        };
    }

    @Test
    void planHasTheArticlesStepsInOrder() {
        assertEquals(List.of("images", "network", "management-node", "kubeadm-init", "calico", "storage", "metallb",
                "cert-manager", "kamaji", "tcp-tenant-a", "tcp-tenant-b", "worker-tenant-a-worker", "cni-tenant-a",
                "konnectivity-tenant-a", "hami-tenant-a", "cards-tenant-a-worker", "worker-tenant-b-worker",
                "cni-tenant-b", "konnectivity-tenant-b", "hami-tenant-b", "cards-tenant-b-worker", "handover"),
                lab().plan().stream().map(LabStep::id).toList());
    }

    @Test
    void freshUpMakesTheExpectedDockerCalls() throws Exception {
        fresh();
        Path kubeconfig = lab().up(progress::add);
        assertTrue(progress.stream().filter(p -> p.state() == StepProgress.State.DONE).count() == 22);
        // images pulled, the kind network created with the lab label
        assertEquals(List.of("kindest/node:v1.35.0", "alpine/helm:3.16.2"),
                docker.calls("pullImageCmd").stream().map(c -> c.args().get(0)).toList());
        assertEquals(Map.of("io.gpulab.lab", "gpulab"), docker.networks.get("gpulab"), "the lab's own network");
        // management node + two workers, with kind's container flags
        var creates = docker.calls("createContainerCmd").stream()
                .filter(c -> c.args().get(0).equals("kindest/node:v1.35.0")).toList();
        assertEquals(List.of("gpulab-control-plane", "tenant-a-worker", "tenant-b-worker"),
                creates.stream().map(c -> c.with().get("withName").get(0)).toList());
        HostConfig host = (HostConfig) creates.get(0).with().get("withHostConfig").get(0);
        assertTrue(host.getPrivileged());
        assertEquals("private", host.getCgroupnsMode());
        assertEquals("gpulab", host.getNetworkMode());
        assertEquals(List.of("seccomp=unconfined", "apparmor=unconfined"), host.getSecurityOpts());
        assertEquals(Map.of("/tmp", "", "/run", ""), host.getTmpFs());
        assertEquals("on-failure:1", host.getRestartPolicy().toString());
        assertEquals("/lib/modules:/lib/modules:ro", host.getBinds()[0].toString());
        assertEquals("36443", host.getPortBindings().getBindings().values().iterator().next()[0].getHostPortSpec());
        assertEquals("tenant-b", docker.containers.get("tenant-b-worker").get("io.gpulab.tenant"));
        assertEquals("worker", docker.containers.get("tenant-b-worker").get("io.x-k8s.kind.role"));
        // kubeadm init, join with the preflight exceptions of Kamaji's e2e, the mock cards
        assertTrue(docker.execs.contains("gpulab-control-plane: kubeadm init --config=/kind/kubeadm.conf "
                + "--skip-token-print --v=6"));
        assertTrue(docker.execs.contains("tenant-a-worker: sh -c " + JOIN.trim()
                + " --ignore-preflight-errors=SystemVerification,FileExisting"));
        assertTrue(docker.execs.contains("gpulab-control-plane: kubectl --kubeconfig=/var/gpulab/tenant-a.kubeconfig "
                + "annotate node tenant-a-worker --overwrite hami.io/node-nvidia-register=" + A100));
        assertTrue(docker.execs.stream().anyMatch(e -> e.contains("patch node tenant-a-worker --subresource=status")
                && e.contains("nvidia.com~1gpu\",\"value\":\"10\"")));
        // helm ran twice for HAMi (one per tenant) and once for Kamaji, each container removed after
        assertEquals(3, docker.calls("waitContainerCmd").size());
        assertEquals(List.of("gpulab-control-plane", "tenant-a-worker", "tenant-b-worker"),
                List.copyOf(docker.containers.keySet()));
        assertTrue(Files.readString(kubeconfig).contains("https://127.0.0.1:36443"));
    }

    @Test
    void metallbPoolComesFromTheKindNetworksIpv4Subnet() {
        assertEquals("172.18.255.200-172.18.255.250", KindPlan.pool("172.18.0.0/16"));
        assertThrows(KindException.class, () -> KindPlan.pool(""));
    }

    @Test
    void aSecondUpResumesAndChangesNothing() throws Exception {
        fresh();
        lab().up(p -> { });
        int before = docker.calls.size();
        var base = docker.execAnswer;
        // every probe now finds its result; the management kubeconfig is still the one handed over
        docker.execAnswer = (c, cmd) -> cmd.startsWith("sed ") ? base.apply(c, cmd) : new Object[] {0L, ""};
        lab().up(progress::add);
        var after = docker.calls.subList(before, docker.calls.size());
        assertTrue(progress.stream().allMatch(p -> p.state() == StepProgress.State.SKIPPED), progress.toString());
        assertFalse(after.stream().anyMatch(c -> c.method().startsWith("create") || c.method().startsWith("pull")),
                after.toString());
    }

    @Test
    void aFailedJoinStopsWithoutLeakingTheTokenAndTheNextUpResumes() {
        fresh();
        var base = docker.execAnswer;
        docker.execAnswer = (c, cmd) -> cmd.contains("join") && c.equals("tenant-a-worker")
                ? new Object[] {1L, "error execution phase preflight " + JOIN} : base.apply(c, cmd);
        KindException e = assertThrows(KindException.class, () -> lab().up(progress::add));
        StepProgress last = progress.get(progress.size() - 1);
        assertEquals("worker-tenant-a-worker", last.id());
        assertEquals(StepProgress.State.FAILED, last.state());
        assertFalse(e.getMessage().contains("abcdef"), e.getMessage());
        progress.clear();
        docker.execAnswer = (c, cmd) -> cmd.startsWith("test -f /etc/kubernetes/kubelet.conf")
                ? new Object[] {1L, ""} : base.apply(c, cmd).length > 0 && !cmd.startsWith("kubectl")
                && !cmd.startsWith("test") ? base.apply(c, cmd) : new Object[] {0L, ""};
        lab().up(progress::add);
        assertEquals(StepProgress.State.SKIPPED, progress.get(3).state(), "kubeadm init is not redone");
        assertEquals(StepProgress.State.DONE, progress.stream().filter(p -> p.id().equals("worker-tenant-a-worker"))
                .filter(p -> p.state() != StepProgress.State.RUNNING).findFirst().orElseThrow().state());
    }

    @Test
    void aStoppedManagementNodeIsStartedNotRecreated() {
        fresh();
        lab().up(p -> { });
        docker.stopped.add("gpulab-control-plane");
        int creates = docker.calls("createContainerCmd").size();
        docker.execAnswer = (c, cmd) -> new Object[] {0L, ""};
        lab().up(progress::add);
        assertEquals(StepProgress.State.DONE, progress.stream().filter(p -> p.id().equals("management-node")
                && p.state() != StepProgress.State.RUNNING).findFirst().orElseThrow().state());
        assertEquals(creates, docker.calls("createContainerCmd").size());
        assertTrue(docker.stopped.isEmpty());
    }

    @Test
    void teardownRemovesExactlyWhatTheLabCreated() throws Exception {
        fresh();
        docker.containers.put("someone-elses-db", Map.of());
        docker.networks.put("bridge", Map.of());
        KindLab lab = lab();
        lab.up(p -> { });
        List<String> removed = lab.down();
        assertEquals(List.of("someone-elses-db"), List.copyOf(docker.containers.keySet()));
        assertEquals(List.of("bridge"), List.copyOf(docker.networks.keySet()));
        assertEquals(5, removed.size(), removed.toString());   // 3 containers, the network, the kubeconfig file
        assertFalse(Files.exists(dir.resolve("gpulab.kubeconfig")));
    }
}
