package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.function.Predicate;

/**
 * A management cluster on fabric8's mock API server in CRUD mode, optionally answering the requests a predicate picks
 * with one fixed status (404: a resource not served, e.g. Kamaji's CRDs not installed; 403: RBAC refuses it).
 */
final class ManagementServer implements AutoCloseable {

    final KubernetesMockServer server;
    final NamespacedKubernetesClient client;

    ManagementServer() {
        this(r -> false, 0, "");
    }

    ManagementServer(Predicate<String> refusedPath, int code, String message) {
        KubernetesCrudDispatcher crud = new KubernetesCrudDispatcher();
        Dispatcher d = new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (refusedPath.test(request.getPath())) {
                    return new MockResponse().setResponseCode(code).setHeader("Content-Type", "application/json")
                            .setBody("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\""
                                    + message.replace("\"", "\\\"") + "\",\"reason\":\"" + (code == 404 ? "NotFound"
                                    : "Forbidden") + "\",\"code\":" + code + "}");
                }
                return crud.dispatch(request);
            }
        };
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), d, true);
        server.init(java.net.InetAddress.getLoopbackAddress(), 0);
        client = MockLab.testClient(server);
    }

    /** Creates every object of a kubectl {@code -o yaml} List on the classpath, custom resources by their context. */
    void load(String resource) throws Exception {
        load(client, resource);
    }

    /** {@link #load(String)} on any management client (the mock server of another fixture). */
    static void load(io.fabric8.kubernetes.client.KubernetesClient client, String resource) throws java.io.IOException {
        try (InputStream in = ManagementServer.class.getResourceAsStream(resource)) {
            KubernetesList list = Serialization.unmarshal(in, KubernetesList.class);
            for (HasMetadata o : list.getItems()) {
                create(client, o);
            }
        }
    }

    void create(HasMetadata o) {
        create(client, o);
    }

    private static void create(io.fabric8.kubernetes.client.KubernetesClient client, HasMetadata o) {
        if (o instanceof Node n) {
            client.nodes().resource(n).create();
        } else if (o instanceof Pod p) {
            client.pods().inNamespace(p.getMetadata().getNamespace()).resource(p).create();
        } else if (o instanceof GenericKubernetesResource g && "TenantControlPlane".equals(g.getKind())) {
            client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE)
                    .inNamespace(g.getMetadata().getNamespace()).resource(g).create();
        } else if (o instanceof GenericKubernetesResource g && "DataStore".equals(g.getKind())) {
            client.genericKubernetesResources(KamajiResources.DATA_STORE).resource(g).create();
        } else {
            throw new IllegalArgumentException("not a management object: " + o.getKind());
        }
    }

    List<GenericKubernetesResource> tcps() {
        return client.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inAnyNamespace().list()
                .getItems();
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
