package io.gpulab.engine.kind;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Info;
import io.gpulab.engine.kind.PreflightCheck.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Can this machine run the article's lab? Docker reachable (answered within the deadline, or a
 * readable failure), CPU >= 4, free RAM >= 8 GB, free disk >= 20 GB (the article's minimum), and the
 * images the lab starts present locally.
 */
public final class Preflight {

    public static final int MIN_CPUS = 4;
    public static final long MIN_FREE_RAM = 8L * 1000 * 1000 * 1000;
    public static final long MIN_FREE_DISK = 20L * 1000 * 1000 * 1000;

    private final DockerClient docker;
    private final String host;
    private final HostResources resources;
    private final Duration deadline;

    public Preflight(DockerClient docker, String host, HostResources resources, Duration deadline) {
        this.docker = docker;
        this.host = host;
        this.resources = resources;
        this.deadline = deadline;
    }

    /** Runs every check; after an unreachable daemon the Docker-dependent checks are SKIPPED. */
    public List<PreflightCheck> run(List<String> requiredImages) {
        List<PreflightCheck> out = new ArrayList<>();
        Info info;
        try {
            Deadline.call("ping Docker at " + host, deadline, () -> docker.pingCmd().exec());
            info = Deadline.call("read Docker info", deadline, () -> docker.infoCmd().exec());
            out.add(new PreflightCheck("docker", Status.PASS, "Docker " + info.getServerVersion() + " at " + host));
        } catch (KindException e) {
            out.add(new PreflightCheck("docker", Status.FAIL, "Docker is not reachable: " + e.getMessage()
                    + ". Start Docker (or set DOCKER_HOST / --docker-host) and run preflight again."));
            for (String skipped : List.of("cpu", "memory", "disk", "images")) {
                out.add(new PreflightCheck(skipped, Status.SKIPPED, "needs a reachable Docker daemon"));
            }
            return out;
        }
        int cpus = info.getNCPU() == null ? 0 : info.getNCPU();
        out.add(new PreflightCheck("cpu", cpus >= MIN_CPUS ? Status.PASS : Status.FAIL,
                cpus + " CPUs available to Docker, the lab needs " + MIN_CPUS));
        out.add(memory(info));
        out.add(disk(info));
        out.add(images(requiredImages));
        return out;
    }

    private PreflightCheck memory(Info info) {
        long free = resources.availableMemoryBytes();
        if (free < 0) {
            long total = info.getMemTotal() == null ? 0 : info.getMemTotal();
            return new PreflightCheck("memory", total >= MIN_FREE_RAM ? Status.WARN : Status.FAIL,
                    "free memory unknown here; Docker has " + gb(total) + " GB in total, the lab needs "
                            + gb(MIN_FREE_RAM) + " GB free");
        }
        return new PreflightCheck("memory", free >= MIN_FREE_RAM ? Status.PASS : Status.FAIL,
                gb(free) + " GB free, the lab needs " + gb(MIN_FREE_RAM) + " GB");
    }

    private PreflightCheck disk(Info info) {
        String root = info.getDockerRootDir() == null ? "/var/lib/docker" : info.getDockerRootDir();
        long free = resources.usableDiskBytes(root);
        if (free < 0) {
            return new PreflightCheck("disk", Status.WARN, "cannot read free space of " + root
                    + " from here; make sure " + gb(MIN_FREE_DISK) + " GB are free there");
        }
        return new PreflightCheck("disk", free >= MIN_FREE_DISK ? Status.PASS : Status.FAIL,
                gb(free) + " GB free under " + root + ", the lab needs " + gb(MIN_FREE_DISK) + " GB");
    }

    private PreflightCheck images(List<String> required) {
        List<String> missing = new ArrayList<>();
        for (String image : required) {
            boolean present = Deadline.call("inspect image " + image, deadline, () -> {
                try {
                    docker.inspectImageCmd(image).exec();
                    return true;
                } catch (NotFoundException e) {
                    return false;
                }
            });
            if (!present) {
                missing.add(image);
            }
        }
        if (missing.isEmpty()) {
            return new PreflightCheck("images", Status.PASS, "present: " + String.join(", ", required));
        }
        return new PreflightCheck("images", Status.WARN, "not pulled yet: " + String.join(", ", missing)
                + " (`gpulab kind up` pulls them; or run docker pull " + String.join(" ", missing) + ")");
    }

    private static String gb(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f", bytes / 1e9);
    }
}
