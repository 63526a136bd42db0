package io.gpulab.engine.kind;

import com.github.dockerjava.api.DockerClient;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.BackendFactory;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --backend kind}: preflight, build (or resume) the lab on the local Docker engine, then hand the
 * management kubeconfig to the {@code cluster} backend, reporting itself as {@code kind}.
 */
public final class KindBackendFactory implements BackendFactory {

    private static final Logger LOG = LoggerFactory.getLogger(KindBackendFactory.class);

    @Override
    public String id() {
        return "kind";
    }

    @Override
    public LabBackend open(LabSpec lab, BackendOptions options) {
        String host = DockerConnection.resolveHost(null);
        KindVersions versions = KindVersions.load();
        KindLabConfig config = KindLabSpecs.forScenario(lab);
        Path out = config.kubeconfigOut();
        try (DockerClient docker = DockerConnection.open(host)) {
            List<PreflightCheck> checks = new Preflight(docker, host, HostResources.local(), Duration.ofSeconds(3))
                    .run(KindPlan.images(versions));
            List<PreflightCheck> blocking = checks.stream().filter(PreflightCheck::blocking).toList();
            if (!blocking.isEmpty()) {
                throw new IllegalStateException("kind preflight failed: " + blocking.stream()
                        .map(PreflightCheck::toString).collect(Collectors.joining("; ")));
            }
            KindLab kind = new KindLab(config,
                    new DockerOps(docker, Duration.ofSeconds(30), Duration.ofMinutes(20)), versions);
            kind.up(p -> LOG.info("[{}/{}] {} {} {}", p.index(), p.total(), p.state(), p.title(), p.detail()));
        } catch (IOException e) {
            throw new IllegalStateException("closing the Docker client failed: " + e.getMessage(), e);
        } catch (KindException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        LabBackend cluster = Backends.open("cluster", lab, new BackendOptions(out, null, options.allowWrites()));
        return new KindHandover(cluster);
    }

    /** {@code ~/.gpulab/kind/<lab>.kubeconfig}: kind itself writes to ~/.kube/config; we keep ours apart. */
    public static Path defaultKubeconfig(String lab) {
        return Path.of(System.getProperty("user.home"), ".gpulab", "kind", lab + ".kubeconfig");
    }
}
