package io.gpulab.engine.kind;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** Opens a docker-java client on the zerodep transport with short socket timeouts. */
public final class DockerConnection {

    /** What Docker's CLI uses when {@code DOCKER_HOST} is not set. */
    public static final String DEFAULT_HOST = "unix:///var/run/docker.sock";

    private DockerConnection() {
    }

    /** {@code host} as in {@code DOCKER_HOST}; {@code null} means {@code DOCKER_HOST} or the default socket. */
    public static String resolveHost(@Nullable String host) {
        if (host != null && !host.isBlank()) {
            return host;
        }
        String env = System.getenv("DOCKER_HOST");
        return env == null || env.isBlank() ? DEFAULT_HOST : env;
    }

    /** A client for {@code host}; creating it does not touch the daemon. */
    public static DockerClient open(String host) {
        DockerClientConfig cfg = DefaultDockerClientConfig.createDefaultConfigBuilder().withDockerHost(host).build();
        ZerodepDockerHttpClient http = new ZerodepDockerHttpClient.Builder().dockerHost(cfg.getDockerHost())
                .sslConfig(cfg.getSSLConfig()).connectionTimeout(Duration.ofSeconds(2))
                .responseTimeout(Duration.ofMinutes(10)).build();
        return DockerClientImpl.getInstance(cfg, http);
    }
}
