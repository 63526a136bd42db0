package io.gpulab.engine.kind;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Network;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.RestartPolicy;
import com.github.dockerjava.api.model.Volume;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Docker calls the lab makes, each behind a {@link Deadline}. Node containers get kind's own flags
 * (kubernetes-sigs/kind provision.go).
 */
public final class DockerOps {

    private final DockerClient docker;
    private final Duration callLimit;
    private final Duration execLimit;

    public DockerOps(DockerClient docker, Duration callLimit, Duration execLimit) {
        this.docker = docker;
        this.callLimit = callLimit;
        this.execLimit = execLimit;
    }

    /** The result of a command run inside a container; output is never part of toString (may hold tokens). */
    public record ExecResult(long exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }

        @Override
        public String toString() {
            return "exit " + exitCode;
        }
    }

    public Optional<Network> network(String name) {
        return call("list networks", () -> docker.listNetworksCmd().withNameFilter(name).exec()).stream()
                .filter(n -> name.equals(n.getName())).findFirst();
    }

    /** kind's network: bridge with IP masquerade; Docker's IPAM picks the IPv4 subnet. */
    public void createNetwork(String name, String lab) {
        call("create network " + name, () -> docker.createNetworkCmd().withName(name).withDriver("bridge")
                .withOptions(Map.of("com.docker.network.bridge.enable_ip_masquerade", "true"))
                .withLabels(Map.of(KindLabels.LAB, lab)).exec());
    }

    /** The IPv4 subnet of a network, e.g. {@code 172.18.0.0/16} (the IPv6 entry is skipped). */
    public String ipv4Subnet(String name) {
        Network n = call("inspect network " + name, () -> docker.inspectNetworkCmd().withNetworkId(name).exec());
        return n.getIpam() == null || n.getIpam().getConfig() == null ? "" : n.getIpam().getConfig().stream()
                .map(Network.Ipam.Config::getSubnet).filter(s -> s != null && !s.contains(":")).findFirst().orElse("");
    }

    /**
     * The container {@code name} if it is this lab's; empty when there is none.
     *
     * @throws KindException when a container of that name exists without this lab's label: it is someone
     *                       else's (another lab, or not gpulab's at all), and the lab never starts, runs
     *                       commands in, or removes it
     */
    public Optional<Container> ownContainer(String name, String lab) {
        Optional<Container> c = container(name);
        if (c.isPresent()) {
            Map<String, String> labels = c.get().getLabels() == null ? Map.of() : c.get().getLabels();
            if (!lab.equals(labels.get(KindLabels.LAB))) {
                throw new KindException("a container named " + name + " exists but is not lab " + lab + "'s ("
                        + (labels.containsKey(KindLabels.LAB) ? KindLabels.LAB + "=" + labels.get(KindLabels.LAB)
                        : "no " + KindLabels.LAB + " label") + "); gpulab leaves it alone: remove or rename it, "
                        + "or use another scenario name");
            }
        }
        return c;
    }

    /** Like {@link #ownContainer} for networks. */
    public Optional<Network> ownNetwork(String name, String lab) {
        Optional<Network> n = network(name);
        if (n.isPresent()) {
            Map<String, String> labels = n.get().getLabels() == null ? Map.of() : n.get().getLabels();
            if (!lab.equals(labels.get(KindLabels.LAB))) {
                throw new KindException("a Docker network named " + name + " exists but is not lab " + lab
                        + "'s; gpulab leaves it alone: remove or rename it, or use another scenario name");
            }
        }
        return n;
    }

    public Optional<Container> container(String name) {
        return call("list containers", () -> docker.listContainersCmd().withShowAll(true)
                .withNameFilter(List.of(name)).exec()).stream()
                .filter(c -> c.getNames() != null && List.of(c.getNames()).contains("/" + name)).findFirst();
    }

    public boolean imagePresent(String image) {
        return call("inspect image " + image, () -> {
            try {
                docker.inspectImageCmd(image).exec();
                return true;
            } catch (NotFoundException e) {
                return false;
            }
        });
    }

    public void pull(String image) {
        call("pull " + image, () -> docker.pullImageCmd(image).start().awaitCompletion(execLimit.toMillis(),
                TimeUnit.MILLISECONDS), execLimit);
    }

    /** Creates and starts a node container with kind's flags; {@code publishApi} adds the 6443 port. */
    public void runNode(String image, String name, String network, Map<String, String> labels, int publishApi) {
        HostConfig host = HostConfig.newHostConfig().withNetworkMode(network).withPrivileged(true)
                .withRestartPolicy(RestartPolicy.onFailureRestart(1)).withInit(false).withCgroupnsMode("private")
                .withSecurityOpts(List.of("seccomp=unconfined", "apparmor=unconfined"))
                .withTmpFs(Map.of("/tmp", "", "/run", ""))
                .withBinds(new Bind("/lib/modules", new Volume("/lib/modules"), AccessMode.ro));
        CreateContainerCmd create = docker.createContainerCmd(image).withName(name).withHostName(name)
                .withTty(true).withLabels(labels).withVolumes(new Volume("/var"));
        if (publishApi > 0) {
            ExposedPort api = ExposedPort.tcp(6443);
            host = host.withPortBindings(new PortBinding(Ports.Binding.bindIpAndPort("127.0.0.1", publishApi), api));
            create = create.withExposedPorts(api).withEnv("KUBECONFIG=/etc/kubernetes/admin.conf");
        }
        CreateContainerCmd finalCreate = create.withHostConfig(host);
        String id = call("create container " + name, finalCreate::exec).getId();
        call("start container " + name, () -> docker.startContainerCmd(id).exec());
    }

    /** Starts a container that exists but is stopped (after a reboot or a Docker restart). */
    public void ensureRunning(String name) {
        Optional<Container> c = container(name);
        if (c.isPresent() && !"running".equals(c.get().getState())) {
            call("start container " + name, () -> docker.startContainerCmd(c.get().getId()).exec());
        }
    }

    /** A one-shot container (helm) sharing the node's /var, run to completion; returns its exit code. */
    public long runOnce(String image, String name, String volumesFrom, String network, Map<String, String> labels,
                        List<String> cmd) {
        // a run cut short by a deadline leaves its container behind; a resumed `up` starts afresh (only
        // with this lab's own container: one of that name without its label is refused, never removed)
        ownContainer(name, labels.getOrDefault(KindLabels.LAB, "")).ifPresent(old -> call("remove container " + name,
                () -> docker.removeContainerCmd(old.getId()).withForce(true).exec()));
        HostConfig host = HostConfig.newHostConfig().withNetworkMode(network)
                .withVolumesFrom(new com.github.dockerjava.api.model.VolumesFrom(volumesFrom));
        String id = call("create container " + name, () -> docker.createContainerCmd(image).withName(name)
                .withLabels(labels).withCmd(cmd).withHostConfig(host).exec()).getId();
        call("start container " + name, () -> docker.startContainerCmd(id).exec());
        Integer code = call("wait for " + name, () -> docker.waitContainerCmd(id).start()
                .awaitStatusCode(execLimit.toMillis(), TimeUnit.MILLISECONDS), execLimit.plusSeconds(5));
        call("remove container " + name, () -> docker.removeContainerCmd(id).withForce(true).exec());
        return code == null ? -1 : code;
    }

    /** Runs a command inside a container and collects its output. */
    public ExecResult exec(String container, String... cmd) {
        String id = call("exec in " + container, () -> docker.execCreateCmd(container).withCmd(cmd)
                .withAttachStdout(true).withAttachStderr(true).exec()).getId();
        StringBuilder out = new StringBuilder();
        call("run in " + container, () -> docker.execStartCmd(id).exec(new ResultCallback.Adapter<Frame>() {
            @Override
            public void onNext(Frame frame) {
                out.append(new String(frame.getPayload(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }).awaitCompletion(execLimit.toMillis(), TimeUnit.MILLISECONDS), execLimit.plusSeconds(5));
        Long code = call("inspect exec in " + container, () -> docker.inspectExecCmd(id).exec().getExitCodeLong());
        return new ExecResult(code == null ? -1 : code, out.toString());
    }

    /** Removes every container and network carrying {@code io.gpulab.lab=<lab>}; returns what it removed. */
    public List<String> removeLab(String lab) {
        List<String> removed = new java.util.ArrayList<>();
        List<Container> cs = call("list lab containers", () -> docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(KindLabels.LAB, lab)).exec());
        for (Container c : cs) {
            call("remove container " + c.getId(), () -> docker.removeContainerCmd(c.getId()).withForce(true)
                    .withRemoveVolumes(true).exec());
            removed.add("container " + String.join(",", c.getNames()));
        }
        List<Network> ns = call("list lab networks", () -> docker.listNetworksCmd()
                .withFilter("label", List.of(KindLabels.LAB + "=" + lab)).exec());
        for (Network n : ns) {
            call("remove network " + n.getName(), () -> docker.removeNetworkCmd(n.getId()).exec());
            removed.add("network " + n.getName());
        }
        return removed;
    }

    private <T> T call(String what, java.util.concurrent.Callable<T> c) {
        return Deadline.call(what, callLimit, c);
    }

    private <T> T call(String what, java.util.concurrent.Callable<T> c, Duration limit) {
        return Deadline.call(what, limit, c);
    }
}
