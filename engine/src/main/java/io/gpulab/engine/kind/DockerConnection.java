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

    /**
     * Refuses a host docker-java cannot use, in one line, before a client is built (it would throw a URI parser's
     * trace): {@code unix:///path}, {@code npipe:////./pipe/name}, {@code tcp://HOST:PORT}.
     *
     * @throws IllegalArgumentException saying what is wrong and what a host looks like
     */
    public static String checkHost(String host) {
        String example = "; a Docker host looks like unix:///var/run/docker.sock or tcp://HOST:2375";
        java.net.URI uri;
        try {
            uri = new java.net.URI(host);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("not a URL (" + e.getReason() + ")" + example);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme();
        switch (scheme) {
            case "unix", "npipe" -> {
                if (uri.getPath() == null || uri.getPath().isEmpty()) {
                    throw new IllegalArgumentException("a " + scheme + " host needs a path" + example);
                }
            }
            case "tcp" -> {
                if (uri.getHost() == null || uri.getPort() < 0) {
                    throw new IllegalArgumentException("a tcp host needs a host name and a port" + example);
                }
            }
            default -> throw new IllegalArgumentException((scheme.isEmpty() ? "no scheme" : "scheme '" + scheme
                    + "' is not unix, npipe or tcp") + example);
        }
        return host;
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
