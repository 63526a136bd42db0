package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test fixture (shared with app/ tests through the engine test-jar): mock tenant API servers (CRUD mode)
 * and the Kamaji objects a management cluster holds.
 */
public final class MockLab {

    public static final String TOKEN_PREFIX = "s3cr3t-token-";

    private MockLab() {
    }

    /**
     * The test's own client of a mock server. fabric8's 10 s request timeout is shorter than a mock server's answer
     * can take on a loaded 2-core machine, and a timed-out request is sent again: a create that had gone through
     * then fails with 409 "already exists" (it did, in ClusterFailureTest at load 34). The bound here is a hang
     * guard ({@link Await#BOUND}), not a wait.
     */
    public static NamespacedKubernetesClient testClient(KubernetesMockServer server) {
        return server.createClient(b -> b.editOrNewConfig().withRequestTimeout((int) Await.BOUND.toMillis())
                .endConfig());
    }

    /** A CRUD mock API server for one tenant; the dispatcher keeps its data across restarts. */
    public static final class TenantServer implements AutoCloseable {
        final KubernetesCrudDispatcher dispatcher = new KubernetesCrudDispatcher();
        KubernetesMockServer server;
        public NamespacedKubernetesClient client;
        int port;

        public TenantServer() {
            start(0);
        }

        void start(int atPort) {
            server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, true);
            server.init(java.net.InetAddress.getLoopbackAddress(), atPort);
            port = server.getPort();
            client = testClient(server);
        }

        /** Drops every connection (watches included), then serves the same data on the same port again. */
        void restart() {
            client.close();
            server.destroy();
            start(port);
        }

        public String url() {
            return client.getConfiguration().getMasterUrl();
        }

        @Override
        public void close() {
            client.close();
            server.destroy();
        }
    }

    /** A kubeconfig whose only secret material is a bearer token, to look for leaks. */
    public static String kubeconfig(String url, String context, String token) {
        return "apiVersion: v1\nkind: Config\n"
                + "clusters:\n- name: " + context + "\n  cluster: {server: \"" + url + "\", "
                + "insecure-skip-tls-verify: true}\n"
                + "users:\n- name: " + context + "-admin\n  user: {token: " + token + "}\n"
                + "contexts:\n- name: " + context + "\n  context: {cluster: " + context + ", user: " + context
                + "-admin}\n"
                + "current-context: " + context + "\n";
    }

    public static Path writeKubeconfig(Path dir, String name, String url, String token) throws IOException {
        Path f = dir.resolve(name + ".kubeconfig");
        Files.writeString(f, kubeconfig(url, name, token));
        return f;
    }

    /** A TenantControlPlane as Kamaji leaves it once Ready. */
    public static GenericKubernetesResource tcp(String name, String phase, String endpoint) {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion("kamaji.clastix.io/v1alpha1");
        r.setKind("TenantControlPlane");
        r.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName(name)
                .withNamespace("default").build());
        r.setAdditionalProperty("spec", Map.of("kubernetes", Map.of("version", "v1.35.0"),
                "controlPlane", Map.of("service", Map.of("serviceType", "LoadBalancer")),
                "addons", Map.of("konnectivity", Map.of())));
        r.setAdditionalProperty("status", Map.of(
                "controlPlaneEndpoint", endpoint,
                "kubeconfig", Map.of("admin", Map.of("secretName", name + "-admin-kubeconfig")),
                "storage", Map.of("dataStoreName", "default", "driver", "etcd",
                        "setup", Map.of("schema", name.replace('-', '_'))),
                "kubernetesResources", Map.of("version", Map.of("status", phase, "version", "v1.35.0"),
                        "deployment", Map.of("readyReplicas", 1))));
        return r;
    }

    public static GenericKubernetesResource dataStore() {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion("kamaji.clastix.io/v1alpha1");
        r.setKind("DataStore");
        r.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName("default").build());
        r.setAdditionalProperty("spec", Map.of("driver", "etcd",
                "endpoints", List.of("kamaji-etcd-0.kamaji-etcd.kamaji-system.svc.cluster.local:2379")));
        return r;
    }

    /**
     * Seeds the management objects. Every fixture object is created with {@code createOr(update)}: on a loaded
     * machine fabric8 retries a POST that timed out although the mock server had done it, and the retry's 409
     * made the fixture throw; the object is there as asked either way.
     */
    public static void seedManagement(KubernetesClient mgmt, Map<String, String> tenantUrls) {
        mgmt.genericKubernetesResources(KamajiResources.DATA_STORE).resource(dataStore()).createOr(NonDeletingOperation::update);
        int ip = 200;
        for (var e : tenantUrls.entrySet()) {
            mgmt.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inNamespace("default")
                    .resource(tcp(e.getKey(), "Ready", "172.18.255." + ip++ + ":6443")).createOr(NonDeletingOperation::update);
            String conf = kubeconfig(e.getValue(), e.getKey(), TOKEN_PREFIX + e.getKey());
            mgmt.secrets().inNamespace("default").resource(new SecretBuilder().withNewMetadata()
                    .withName(e.getKey() + "-admin-kubeconfig").withNamespace("default").endMetadata()
                    .withData(Map.of("admin.conf", Base64.getEncoder().encodeToString(
                            conf.getBytes(StandardCharsets.UTF_8)))).build()).createOr(NonDeletingOperation::update);
        }
    }

    /**
     * {@link #seedManagement} plus a ready Kamaji controller Deployment; returns the management
     * kubeconfig written to {@code dir}.
     */
    public static Path seedReadyManagement(KubernetesClient mgmt, Map<String, String> tenantUrls, Path dir)
            throws IOException {
        seedManagement(mgmt, tenantUrls);
        mgmt.apps().deployments().inNamespace("kamaji-system").resource(new io.fabric8.kubernetes.api.model.apps
                .DeploymentBuilder().withNewMetadata().withName("kamaji").withNamespace("kamaji-system")
                .addToLabels("app.kubernetes.io/name", "kamaji").endMetadata().withNewStatus().withReadyReplicas(1)
                .endStatus().build()).createOr(NonDeletingOperation::update);
        return writeKubeconfig(dir, "management", mgmt.getConfiguration().getMasterUrl(), TOKEN_PREFIX + "management");
    }

    public static Node node(String name, Map<String, String> annotations, int gpuSlots) {
        return new NodeBuilder().withNewMetadata().withName(name).withAnnotations(annotations).endMetadata()
                .withNewStatus().withCapacity(Map.of("cpu", new Quantity("4"), "memory", new Quantity("8Gi"),
                        "nvidia.com/gpu", new Quantity(String.valueOf(gpuSlots)))).endStatus().build();
    }

    public static Pod gpuPod(String name, String phase, String node, Map<String, String> annotations, int memMB,
                             int cores) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace("default").withAnnotations(annotations)
                .endMetadata().withNewSpec().withSchedulerName("hami-scheduler")
                .withNodeName(node.isEmpty() ? null : node)
                .addNewContainer().withName("main").withImage("busybox").withNewResources()
                .withLimits(Map.of("nvidia.com/gpu", new Quantity("1"), "nvidia.com/gpumem", new Quantity("" + memMB),
                        "nvidia.com/gpucores", new Quantity("" + cores))).endResources().endContainer().endSpec()
                .withNewStatus().withPhase(phase).endStatus().build();
    }

    public static void filteringFailed(KubernetesClient tenant, String pod, String message) {
        tenant.v1().events().inNamespace("default").resource(new EventBuilder().withNewMetadata()
                .withName(pod + ".filtering").withNamespace("default").endMetadata()
                .withNewInvolvedObject().withKind("Pod").withNamespace("default").withName(pod).endInvolvedObject()
                .withType("Warning").withReason("FilteringFailed").withMessage(message).withCount(1)
                .withLastTimestamp("2026-10-01T10:00:00Z").withNewSource().withComponent("hami-scheduler").endSource()
                .build()).createOr(NonDeletingOperation::update);
    }
}
