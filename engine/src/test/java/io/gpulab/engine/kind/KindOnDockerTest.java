package io.gpulab.engine.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Network;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kind backend's docker-java calls against a live Docker engine: preflight, the lab's network and
 * node containers with kind's flags as the engine accepts them, labels, volumes shared with the helm
 * container, resume after a container is killed mid-{@code up}, {@code down} removing exactly this lab's
 * objects, and an unlabelled same-named container refused. The node and helm images are stand-ins
 * ({@link StandInImages}): everything Docker does is real, kubeadm, kubectl and helm inside are not.
 * Without a reachable daemon (or without busybox-static to build the stand-ins) these tests are skipped
 * with the reason; {@code .ci/run} starts a daemon and fails when they were skipped.
 */
@Tag("docker")
class KindOnDockerTest {

    @TempDir
    Path dir;

    private DockerClient docker;
    private DockerOps ops;
    private String host;
    private String lab;
    private int port;
    private final List<String> bystanders = new ArrayList<>();
    private final List<StepProgress> progress = new ArrayList<>();

    @BeforeEach
    void liveDaemon() throws Exception {
        host = DockerConnection.resolveHost(null);
        docker = DockerConnection.open(host);
        try {
            Deadline.call("ping Docker at " + host, Duration.ofSeconds(3), () -> docker.pingCmd().exec());
        } catch (KindException e) {
            docker.close();
            skip("no Docker daemon answers at " + host + " (" + e.getMessage() + "); the docker-tagged "
                    + "tests need one: .ci/run starts dockerd for them");
        }
        Path busybox = StandInImages.busybox();
        if (busybox == null) {
            skip("no static busybox at " + StandInImages.BUSYBOX + " to build the stand-in node image "
                    + "(Debian: apt-get install busybox-static)");
        }
        StandInImages.ensure(docker, busybox);
        ops = new DockerOps(docker, Duration.ofSeconds(30), Duration.ofMinutes(2));
        lab = "gpulab-it-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36);
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
    }

    /** Skips with the reason, printed once so it shows in the build log, not only in the XML report. */
    private static void skip(String why) {
        if (!toldWhy) {
            toldWhy = true;
            System.err.println("SKIPPED docker-tagged tests: " + why);
        }
        Assumptions.abort(why);
    }

    private static volatile boolean toldWhy;

    @AfterEach
    void removeEverything() throws Exception {
        if (docker == null || ops == null) {
            return;
        }
        ops.removeLab(lab);
        for (String name : bystanders) {
            ops.container(name).ifPresent(c -> docker.removeContainerCmd(c.getId()).withForce(true).exec());
            ops.network(name).ifPresent(n -> docker.removeNetworkCmd(n.getId()).exec());
        }
        docker.close();
    }

    /** tenant-a states its control plane (the TCP applied is generated from it); tenant-b takes Kamaji's defaults. */
    static final io.gpulab.engine.lab.ControlPlaneSpec TENANT_A_CP = io.gpulab.engine.lab.ControlPlaneSpec.defaults()
            .withReplicas(3).withVersion(io.gpulab.engine.lab.KubeVersion.parse("v1.35.7", "version"))
            .withWritePermissions(new io.gpulab.engine.lab.ControlPlaneSpec.WritePermissions(true, false, false));

    private KindLabConfig config() {
        return new KindLabConfig(lab, port, List.of(
                new KindLabConfig.Tenant("tenant-a", List.of(new KindLabConfig.Worker(lab + "-a-worker",
                        KindPlanTest.A100, 10)), TENANT_A_CP),
                new KindLabConfig.Tenant("tenant-b", List.of(new KindLabConfig.Worker(lab + "-b-worker",
                        KindPlanTest.A100, 10)))),
                dir.resolve(lab + ".kubeconfig"));
    }

    private KindLab kindLab() {
        KindVersions v = KindVersions.load().with("node.image", StandInImages.NODE)
                .with("helm.image", StandInImages.HELM);
        return new KindLab(config(), ops, v);
    }

    private String cp() {
        return config().controlPlane();
    }

    private InspectContainerResponse inspect(String name) {
        return docker.inspectContainerCmd(name).exec();
    }

    private String standInLog(String container) {
        return ops.exec(container, "cat", "/var/gpulab/stand-in.log").output();
    }

    @Test
    void preflightAnswersFromTheLiveDaemon() {
        List<PreflightCheck> checks = new Preflight(docker, host, HostResources.local(), Duration.ofSeconds(3))
                .run(List.of(StandInImages.NODE, "gpulab-stand-in/never-built:0"));
        PreflightCheck d = checks.get(0);
        assertEquals(PreflightCheck.Status.PASS, d.status(), d.toString());
        String version = docker.versionCmd().exec().getVersion();
        assertTrue(d.detail().contains("Docker " + version + " at " + host), d.detail());
        PreflightCheck cpu = checks.stream().filter(c -> c.name().equals("cpu")).findFirst().orElseThrow();
        assertTrue(cpu.detail().startsWith(docker.infoCmd().exec().getNCPU() + " CPUs"), cpu.detail());
        PreflightCheck images = checks.stream().filter(c -> c.name().equals("images")).findFirst().orElseThrow();
        assertEquals(PreflightCheck.Status.WARN, images.status());
        assertTrue(images.detail().contains("not pulled yet: gpulab-stand-in/never-built:0"), images.detail());
        assertFalse(images.detail().contains(StandInImages.NODE), "the stand-in is present: " + images.detail());
    }

    @Test
    void upCreatesTheNetworkAndNodesWithKindsFlagsAndTheEngineRunsThem() throws Exception {
        Path kubeconfig = kindLab().up(progress::add);
        assertEquals(StepProgress.State.SKIPPED, state("images"), "the stand-ins are local: nothing to pull");
        assertTrue(progress.stream().filter(p -> p.state() != StepProgress.State.RUNNING && !p.id().equals("images"))
                .allMatch(p -> p.state() == StepProgress.State.DONE), progress.toString());
        assertEquals(22, progress.stream().filter(p -> p.state() != StepProgress.State.RUNNING).count());

        Network net = docker.inspectNetworkCmd().withNetworkId(lab).exec();
        assertEquals(Map.of(KindLabels.LAB, lab), net.getLabels());
        assertEquals("bridge", net.getDriver());
        assertEquals("true", net.getOptions().get("com.docker.network.bridge.enable_ip_masquerade"));
        String subnet = ops.ipv4Subnet(lab);
        String pool = ops.exec(cp(), "cat", "/var/gpulab/metallb-pool.yaml").output();
        assertTrue(pool.contains(KindPlan.pool(subnet)), subnet + " -> " + pool);

        InspectContainerResponse node = inspect(cp());
        assertTrue(node.getState().getRunning());
        HostConfig h = node.getHostConfig();
        assertTrue(h.getPrivileged());
        assertEquals(lab, h.getNetworkMode());
        assertEquals("private", h.getCgroupnsMode());
        // the engine adds label=disable itself for a privileged container
        assertTrue(h.getSecurityOpts().containsAll(List.of("seccomp=unconfined", "apparmor=unconfined")),
                String.valueOf(h.getSecurityOpts()));
        assertEquals(Map.of("/tmp", "", "/run", ""), h.getTmpFs());
        assertEquals("/lib/modules:/lib/modules:ro", h.getBinds()[0].toString());
        assertEquals("on-failure", h.getRestartPolicy().getName());
        assertEquals(1, h.getRestartPolicy().getMaximumRetryCount());
        var published = h.getPortBindings().getBindings().values().iterator().next()[0];
        assertEquals("127.0.0.1", published.getHostIp());
        assertEquals(String.valueOf(port), published.getHostPortSpec());
        assertEquals(cp(), node.getConfig().getHostName());
        assertEquals(lab, node.getConfig().getLabels().get(KindLabels.LAB));
        assertEquals("control-plane", node.getConfig().getLabels().get(KindLabels.KIND_ROLE));
        assertTrue(node.getMounts().stream().anyMatch(m -> "/var".equals(m.getDestination().getPath())));

        InspectContainerResponse worker = inspect(lab + "-a-worker");
        assertTrue(worker.getState().getRunning());
        assertTrue(worker.getHostConfig().getPrivileged());
        assertEquals("tenant-a", worker.getConfig().getLabels().get(KindLabels.TENANT));
        assertTrue(standInLog(lab + "-a-worker").contains("kubeadm join 172.18.0.2:6443 --token abcdef"
                + ".0123456789abcdef --discovery-token-ca-cert-hash sha256:0000 "
                + "--ignore-preflight-errors=SystemVerification,FileExisting"), standInLog(lab + "-a-worker"));

        // each TCP is the manifest generated from the tenant's controlPlane, written into the node through docker
        // exec byte for byte, applied, and waited for with the status Kamaji settles on
        assertEquals(TcpManifest.yaml("tenant-a", lab, TENANT_A_CP),
                ops.exec(cp(), "cat", "/var/gpulab/tcp-tenant-a.yaml").output().replace("\r\n", "\n"));
        assertEquals(TcpManifest.yaml("tenant-b", lab, io.gpulab.engine.lab.ControlPlaneSpec.defaults()),
                ops.exec(cp(), "cat", "/var/gpulab/tcp-tenant-b.yaml").output().replace("\r\n", "\n"));
        String log = standInLog(cp());
        assertTrue(log.contains("apply -f /var/gpulab/tcp-tenant-a.yaml"), log);
        assertTrue(log.contains("wait tcp/tenant-a --for=jsonpath={.status.kubernetesResources.version.status}="
                + "WriteLimited --timeout=600s"), log);
        assertTrue(log.contains("wait tcp/tenant-b --for=jsonpath={.status.kubernetesResources.version.status}="
                + "Ready --timeout=600s"), log);

        // helm ran in one-shot containers named per lab, on the node's /var, and they were removed after
        assertTrue(log.contains("helm upgrade --install kamaji"), log);
        assertTrue(log.contains("helm upgrade --install hami"), log);
        assertTrue(ops.container(lab + "-helm-kamaji").isEmpty());

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kubeconfig)));
        assertTrue(Files.readString(kubeconfig).contains("server: https://127.0.0.1:" + port), Files.readString(kubeconfig));

        // a second up finds everything done (the stand-in cluster now answers its probes) and creates nothing
        ops.exec(cp(), "touch", "/var/gpulab/stand-in-cluster-ready");
        List<String> ids = labContainerIds();
        progress.clear();
        kindLab().up(progress::add);
        assertTrue(progress.stream().allMatch(p -> p.state() == StepProgress.State.SKIPPED), progress.toString());
        assertEquals(ids, labContainerIds());
    }

    @Test
    void upResumesAfterTheManagementNodeIsKilledMidUp() throws Exception {
        KindException e = assertThrows(KindException.class, () -> kindLab().up(p -> {
            progress.add(p);
            if (p.id().equals("cni-tenant-a") && p.state() == StepProgress.State.RUNNING) {
                docker.killContainerCmd(cp()).exec();   // e.g. Docker restarted, or the OOM killer
            }
        }));
        assertTrue(e.getMessage().contains(cp()), e.getMessage());
        assertEquals(StepProgress.State.FAILED, progress.get(progress.size() - 1).state());
        assertFalse(inspect(cp()).getState().getRunning());
        String nodeId = inspect(cp()).getId();
        String workerId = inspect(lab + "-a-worker").getId();

        progress.clear();
        kindLab().up(progress::add);
        assertEquals(StepProgress.State.DONE, state("management-node"), "the stopped node is started again");
        assertEquals(nodeId, inspect(cp()).getId(), "...not created anew");
        assertTrue(inspect(cp()).getState().getRunning());
        assertEquals(StepProgress.State.SKIPPED, state("kubeadm-init"), "admin.conf survived in the container");
        assertEquals(StepProgress.State.SKIPPED, state("worker-" + lab + "-a-worker"));
        assertEquals(workerId, inspect(lab + "-a-worker").getId());
        assertEquals(StepProgress.State.DONE, state("handover"));
    }

    private StepProgress.State state(String id) {
        return progress.stream().filter(p -> p.id().equals(id) && p.state() != StepProgress.State.RUNNING)
                .findFirst().orElseThrow(() -> new AssertionError(id + " not reported: " + progress)).state();
    }

    @Test
    void downRemovesExactlyWhatThisLabMade() throws Exception {
        String stranger = lab + "-stranger";
        bystanders.add(stranger);
        docker.createContainerCmd(StandInImages.NODE).withName(stranger).exec();   // not gpulab's at all
        String otherNet = lab + "-other";
        bystanders.add(otherNet);
        docker.createNetworkCmd().withName(otherNet).withLabels(Map.of(KindLabels.LAB, lab + "-other")).exec();
        KindLab kind = kindLab();
        Path kubeconfig = kind.up(p -> { });
        assertTrue(Files.exists(kubeconfig));

        List<String> removed = kind.down();
        assertTrue(labContainerIds().isEmpty());
        assertTrue(ops.network(lab).isEmpty());
        assertFalse(Files.exists(kubeconfig));
        assertTrue(ops.container(stranger).isPresent(), "an unlabelled container survives");
        assertTrue(ops.network(otherNet).isPresent(), "another lab's network survives");
        assertEquals(5, removed.size(), removed.toString());   // 3 node containers, the network, the kubeconfig
    }

    @Test
    void anUnlabelledSameNamedContainerIsRefusedAndLeftUntouched() {
        bystanders.add(cp());
        String id = docker.createContainerCmd(StandInImages.NODE).withName(cp()).exec().getId();
        KindException e = assertThrows(KindException.class, () -> kindLab().up(progress::add));
        assertTrue(e.getMessage().contains("a container named " + cp() + " exists but is not lab " + lab
                + "'s (no io.gpulab.lab label)"), e.getMessage());
        InspectContainerResponse c = inspect(cp());
        assertEquals(id, c.getId());
        assertEquals("created", c.getState().getStatus(), "never started");
        assertTrue(c.getExecIds() == null || c.getExecIds().isEmpty(), "nothing ran in it");
        assertNotNull(ops.network(lab).orElse(null), "the steps before it ran for real");
    }

    private List<String> labContainerIds() {
        return docker.listContainersCmd().withShowAll(true).withLabelFilter(Map.of(KindLabels.LAB, lab)).exec()
                .stream().map(Container::getId).sorted().toList();
    }
}
