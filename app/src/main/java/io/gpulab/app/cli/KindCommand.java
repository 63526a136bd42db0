package io.gpulab.app.cli;

import com.github.dockerjava.api.DockerClient;
import io.gpulab.engine.kind.DockerConnection;
import io.gpulab.engine.kind.DockerOps;
import io.gpulab.engine.kind.HostResources;
import io.gpulab.engine.kind.KindBackendFactory;
import io.gpulab.engine.kind.KindException;
import io.gpulab.engine.kind.KindLab;
import io.gpulab.engine.kind.KindLabConfig;
import io.gpulab.engine.kind.KindLabSpecs;
import io.gpulab.engine.kind.KindPlan;
import io.gpulab.engine.kind.KindVersions;
import io.gpulab.engine.kind.LabStep;
import io.gpulab.engine.kind.Preflight;
import io.gpulab.engine.kind.PreflightCheck;
import io.gpulab.engine.scenario.Scenario;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gpulab kind preflight|plan|up|down}: the article's lab on the local Docker engine. */
@Command(name = "kind", mixinStandardHelpOptions = true,
        description = {"Build the article's lab on the local Docker engine (kind-style containers, Kamaji, HAMi "
                + "with its mock device plugin), step by step and resumable; or remove exactly what it created.",
            "Exit 0 on success, 1 when a check or step failed, 2 for bad arguments."})
public final class KindCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Option(names = "--docker-host", paramLabel = "URI", scope = CommandLine.ScopeType.INHERIT,
            description = "Docker endpoint (default: $DOCKER_HOST, then unix:///var/run/docker.sock)")
    private @Nullable String dockerHost;

    @Option(names = "--scenario", paramLabel = "SCENARIO", defaultValue = "article",
            scope = CommandLine.ScopeType.INHERIT,
            description = "the scenario whose lab to build (default: ${DEFAULT-VALUE})")
    private String scenario;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: preflight, plan, up or down");
    }

    @Command(name = "preflight",
            description = "Docker reachable, CPU >= 4, RAM >= 8 GB free, disk >= 20 GB free, images")
    int preflight() throws Exception {
        String host = host();
        if (host == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        try (DockerClient docker = DockerConnection.open(host)) {
            List<PreflightCheck> checks = new Preflight(docker, host, HostResources.local(), Duration.ofSeconds(3))
                    .run(KindPlan.images(KindVersions.load()));
            PrintWriter out = CliSupport.out(spec);
            checks.forEach(c -> out.printf("%-8s %-7s %s%n", c.status(), c.name(), c.detail()));
            out.flush();
            return checks.stream().anyMatch(PreflightCheck::blocking) ? GpulabCommand.EXIT_FAILED
                    : GpulabCommand.EXIT_OK;
        }
    }

    @Command(name = "plan", description = "List the steps `up` runs, without touching Docker")
    int plan() {
        KindLabConfig cfg = config();
        if (cfg == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        PrintWriter out = CliSupport.out(spec);
        List<LabStep> steps = KindPlan.steps(cfg, KindVersions.load());
        for (int i = 0; i < steps.size(); i++) {
            out.printf("%2d. %-26s %s%n", i + 1, steps.get(i).id(), steps.get(i).title());
        }
        out.flush();
        return GpulabCommand.EXIT_OK;
    }

    @Command(name = "up", description = "Build or resume the lab; steps already done are skipped")
    int up() throws Exception {
        KindLabConfig cfg = config();
        if (cfg == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        if (preflight() != GpulabCommand.EXIT_OK) {
            return GpulabCommand.EXIT_FAILED;
        }
        String host = host();
        if (host == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        PrintWriter out = CliSupport.out(spec);
        try (DockerClient docker = DockerConnection.open(host)) {
            KindLab lab = new KindLab(cfg, new DockerOps(docker, Duration.ofSeconds(30), Duration.ofMinutes(20)),
                    KindVersions.load());
            var kubeconfig = lab.up(p -> {
                out.printf("[%d/%d] %-8s %s%s%n", p.index(), p.total(), p.state(), p.title(),
                        p.detail().isEmpty() ? "" : ": " + p.detail());
                out.flush();
            });
            out.println("lab ready; next: gpulab verify " + scenario + " --backend cluster --kubeconfig " + kubeconfig
                    + " --allow-writes");
            out.flush();
            return GpulabCommand.EXIT_OK;
        } catch (KindException e) {
            CliSupport.err(spec).println("gpulab: " + e.getMessage() + " (run `gpulab kind up` again to resume)");
            return GpulabCommand.EXIT_FAILED;
        }
    }

    @Command(name = "down",
            description = "Remove the containers and networks labelled as this lab's, and its kubeconfig")
    int down() throws Exception {
        KindLabConfig cfg = config();
        if (cfg == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        String host = host();
        if (host == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        try (DockerClient docker = DockerConnection.open(host)) {
            List<String> removed = new KindLab(cfg, new DockerOps(docker, Duration.ofSeconds(30),
                    Duration.ofMinutes(2)), KindVersions.load()).down();
            PrintWriter out = CliSupport.out(spec);
            removed.forEach(r -> out.println("removed " + r));
            if (removed.isEmpty()) {
                out.println("nothing to remove");
            }
            out.flush();
            return GpulabCommand.EXIT_OK;
        } catch (KindException e) {
            CliSupport.err(spec).println("gpulab: " + e.getMessage());
            return GpulabCommand.EXIT_FAILED;
        }
    }

    /** The Docker host to use ({@code --docker-host}, DOCKER_HOST, the default socket), or null after saying why not. */
    private @Nullable String host() {
        String host = DockerConnection.resolveHost(dockerHost);
        try {
            return DockerConnection.checkHost(host);
        } catch (IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab kind: " + (dockerHost != null && !dockerHost.isBlank()
                    ? "--docker-host" : "DOCKER_HOST") + " '" + host + "': " + e.getMessage());
            return null;
        }
    }

    private @Nullable KindLabConfig config() {
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return null;
        }
        try {
            return KindLabSpecs.forScenario(s.lab());
        } catch (IllegalArgumentException | KindException e) {
            CliSupport.err(spec).println("gpulab: " + s.source() + ": " + e.getMessage());
            return null;
        }
    }
}
