package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.util.HashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A tenant API server that answers every request in one broken way, and counts the requests. */
public final class BrokenServer implements AutoCloseable {

    public enum Mode { UNAUTHORIZED, FORBIDDEN, ERROR_500, GARBAGE, SLOW }

    public final AtomicInteger requests = new AtomicInteger();
    private final KubernetesMockServer server;
    private final String url;

    public BrokenServer(Mode mode) {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                requests.incrementAndGet();
                return switch (mode) {
                    case UNAUTHORIZED -> status(401, "Unauthorized", "Unauthorized");
                    case FORBIDDEN -> status(403, "Forbidden", "nodes is forbidden: User \"tenant\" cannot list "
                            + "resource \"nodes\" at the cluster scope");
                    case ERROR_500 -> status(500, "InternalError", "etcdserver: request timed out");
                    case GARBAGE -> new MockResponse().setResponseCode(200).setHeader("Content-Type",
                            "application/json").setBody("<html>this is not Kubernetes</html>");
                    case SLOW -> new MockResponse().setResponseCode(200).setBodyDelay(Duration.ofSeconds(60))
                            .setBody("{}");
                };
            }
        }, true);
        server.init(java.net.InetAddress.getLoopbackAddress(), 0);
        url = "https://127.0.0.1:" + server.getPort();
    }

    private static MockResponse status(int code, String reason, String message) {
        return new MockResponse().setResponseCode(code).setHeader("Content-Type", "application/json")
                .setBody("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":"
                        + "\"" + message.replace("\"", "\\\"") + "\",\"reason\":\"" + reason + "\",\"code\":" + code + "}");
    }

    public String url() {
        return url;
    }

    @Override
    public void close() {
        server.destroy();
    }
}
