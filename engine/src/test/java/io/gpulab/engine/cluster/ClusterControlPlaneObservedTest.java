package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ControlPlaneView.KubeletView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.kamaji.VersionSkew;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the cluster backend a tenant's control plane carries what its own API server was observed to answer (never what
 * the TenantControlPlane's status suggests) and its nodes' kubelets against Kubernetes' version-skew policy, in the
 * simulation's words: Kamaji-shaped management objects and tenant API servers on fabric8's mock server.
 */
class ClusterControlPlaneObservedTest {

    @TempDir
    Path dir;

    /** A tenant API server (CRUD) whose {@code /version} and kube-system read can be made to fail. */
    static final class Tenant implements AutoCloseable {
        final KubernetesMockServer server;
        final NamespacedKubernetesClient client;
        volatile String gitVersion = "v1.35.7";
        /** Answers the kube-system read (a quorum read) instead of the store, when set. */
        volatile MockResponse readAnswer;

        Tenant() {
            KubernetesCrudDispatcher crud = new KubernetesCrudDispatcher();
            Dispatcher d = new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest r) {
                    if ("/version".equals(r.getPath())) {
                        return json(200, "{\"major\":\"1\",\"minor\":\"35\",\"gitVersion\":\"" + gitVersion + "\"}");
                    }
                    MockResponse read = readAnswer;
                    if (read != null && r.getPath().startsWith("/api/v1/namespaces/kube-system")) {
                        return read;
                    }
                    return crud.dispatch(r);
                }
            };
            server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), d, true);
            server.init(java.net.InetAddress.getLoopbackAddress(), 0);
            client = MockLab.testClient(server);
        }

        String url() {
            return client.getConfiguration().getMasterUrl();
        }

        void node(String name, String kubeletVersion) {
            client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).endMetadata().withNewStatus()
                    .withNewNodeInfo().withKubeletVersion(kubeletVersion).endNodeInfo().endStatus().build()).create();
        }

        @Override
        public void close() {
            client.close();
            server.destroy();
        }
    }

    static MockResponse json(int code, String body) {
        return new MockResponse().setResponseCode(code).setHeader("Content-Type", "application/json").setBody(body);
    }

    private ManagementServer management(Tenant a, Tenant b) throws Exception {
        ManagementServer m = new ManagementServer();
        m.load("/kamaji/management-objects.yaml");
        m.load("/kamaji/management-pods.yaml");
        Map.of("tenant-a", a.url(), "tenant-b", b.url()).forEach((name, url) -> m.client.secrets()
                .inNamespace("default").resource(new SecretBuilder().withNewMetadata().withName(name
                        + "-admin-kubeconfig").withNamespace("default").endMetadata().withData(Map.of("admin.conf",
                        Base64.getEncoder().encodeToString(MockLab.kubeconfig(url, name, MockLab.TOKEN_PREFIX + name)
                                .getBytes(StandardCharsets.UTF_8)))).build()).create());
        return m;
    }

    private ClusterOptions options(ManagementServer m) throws Exception {
        return ClusterOptions.management(KubeconfigRef.of(MockLab.writeKubeconfig(dir, "management",
                m.client.getConfiguration().getMasterUrl(), MockLab.TOKEN_PREFIX + "management"), null))
                .withSyncTimeout(Duration.ofSeconds(20));
    }

    private static TenantView await(ClusterBackend backend, String tenant, Predicate<TenantView> p)
            throws InterruptedException {
        TenantView t = Await.until(() -> backend.snapshot().tenant(tenant).orElseThrow(), p);
        assertTrue(p.test(t), t.controlPlane() + " / " + t.warnings());
        return t;
    }

    private static KubeletView kubelet(TenantView t, String node) {
        return t.controlPlane().kubelets().stream().filter(k -> k.node().equals(node)).findFirst().orElseThrow();
    }

    @Test
    void kubeletsAreCheckedAgainstTheTcpAndTheApiServersOwnVersion() throws Exception {
        try (Tenant a = new Tenant(); Tenant b = new Tenant(); ManagementServer m = management(a, b)) {
            a.node("a-old", "v1.31.9");
            a.node("a-current", "v1.35.0+k3s1");
            a.node("a-bad", "1.35");
            b.node("b-worker", "v1.36.1");
            b.gitVersion = "v1.36.1";   // tenant-b is Upgrading: the new pod answers, the TCP still reports v1.35.7
            try (ClusterBackend backend = ClusterBackend.connect(options(m))) {
                TenantView ta = await(backend, "tenant-a", t -> t.controlPlane().kubelets().size() == 3
                        && t.controlPlane().apiKnown());
                assertEquals("kubelet v1.31.9 is 4 minor versions older than kube-apiserver v1.35.7: "
                        + VersionSkew.POLICY, kubelet(ta, "a-old").violation());
                assertTrue(kubelet(ta, "a-current").supported(), kubelet(ta, "a-current").toString());
                assertEquals("v1.35.0+k3s1", kubelet(ta, "a-current").version());
                KubeletView bad = kubelet(ta, "a-bad");
                assertFalse(bad.checked());
                assertFalse(bad.supported(), "not checked is not supported either");
                assertEquals("status.nodeInfo.kubeletVersion is not a Kubernetes version such as v1.35.7",
                        bad.unchecked());
                assertEquals(List.of("node a-bad: status.nodeInfo.kubeletVersion \"1.35\" is not a Kubernetes version "
                        + "such as v1.35.7 (version skew not checked)"), ta.warnings().stream()
                        .filter(w -> w.contains("a-bad")).toList(), "one line, no trace");

                TenantView tb = await(backend, "tenant-b", t -> t.controlPlane().kubelets().size() == 1
                        && t.controlPlane().apiKnown());
                assertEquals("kubelet v1.36.1 is newer than kube-apiserver v1.35.7: " + VersionSkew.POLICY,
                        kubelet(tb, "b-worker").violation(), "never newer than the oldest API server serving");
                assertTrue(tb.controlPlane().serving());
                assertEquals(List.of("writes limited (blockCreation): not observed, gpulab sent no write"),
                        tb.controlPlane().effects(), "spec.writePermissions is read; a refusal was not observed");
                assertTrue(tb.controlPlane().apiObserved().startsWith("GET /version and GET /api/v1/namespaces/"
                        + "kube-system answered at 20"), tb.controlPlane().apiObserved());

                // a kubelet upgraded on the tenant reaches the verdict live
                a.client.nodes().withName("a-old").editStatus(n -> {
                    n.getStatus().getNodeInfo().setKubeletVersion("v1.34.2");
                    return n;
                });
                ta = await(backend, "tenant-a", t -> kubelet(t, "a-old").version().equals("v1.34.2"));
                assertTrue(kubelet(ta, "a-old").supported());
            }
        }
    }

    @Test
    void whatTheTenantsApiServerAnswersIsSaidAsObservedAndHeals() throws Exception {
        try (Tenant a = new Tenant(); Tenant b = new Tenant(); ManagementServer m = management(a, b);
             ClusterBackend backend = ClusterBackend.connect(options(m))) {
            await(backend, "tenant-a", t -> t.controlPlane().serving());
            assertTrue(backend.snapshot().tenant("tenant-a").orElseThrow().controlPlane().effects().isEmpty());

            // the DataStore lost its quorum: kube-apiserver still answers /version, a quorum read fails with its text
            a.readAnswer = json(500, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":"
                    + "\"etcdserver: request timed out\",\"code\":500}");
            ControlPlaneView cp = await(backend, "tenant-a", t -> !t.controlPlane().apiError().isEmpty())
                    .controlPlane();
            assertEquals("HTTP 500 Internal Server Error: etcdserver: request timed out", cp.apiError());
            assertFalse(cp.serving());
            assertTrue(cp.apiKnown());
            assertEquals("Ready", cp.phase(), "the TCP's status is Kamaji's, read as it is: not the API's answer");
            assertTrue(cp.effects().get(0).matches("reads refused since 20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ: "
                    + "GET /api/v1/namespaces/kube-system: HTTP 500 Internal Server Error: etcdserver: request timed "
                    + "out"), cp.effects().get(0));
            assertEquals(ObservedControlPlane.UNSEEN, cp.effects().get(cp.effects().size() - 1),
                    "what gpulab does not ask is said not observed, not inferred");
            assertTrue(backend.snapshot().tenant("tenant-b").orElseThrow().controlPlane().serving(),
                    "the other tenant's API server is asked on its own");

            a.readAnswer = null;
            cp = await(backend, "tenant-a", t -> t.controlPlane().serving()).controlPlane();
            assertTrue(cp.effects().isEmpty(), cp.effects().toString());

            a.close();   // nothing answers at the tenant's address any more
            cp = await(backend, "tenant-a", t -> !t.controlPlane().apiError().isEmpty()).controlPlane();
            assertEquals("connection refused (nothing answers at that address)", cp.apiError());
            assertTrue(cp.apiObserved().startsWith("GET /version failed at 20"), cp.apiObserved());
        }
    }

    @Test
    void aTenantThatIsNotConnectedIsNotObservedAndFailsEveryServingCheck() throws Exception {
        try (Tenant a = new Tenant(); Tenant b = new Tenant(); ManagementServer m = management(a, b)) {
            m.client.secrets().inNamespace("default").withName("tenant-b-admin-kubeconfig").delete();
            try (ClusterBackend backend = ClusterBackend.connect(options(m))) {
                ControlPlaneView cp = backend.snapshot().tenant("tenant-b").orElseThrow().controlPlane();
                assertFalse(cp.apiKnown());
                assertFalse(cp.serving());
                assertTrue(cp.apiObserved().startsWith("not observed: the tenant is not connected"),
                        cp.apiObserved());
                assertEquals("", cp.apiError(), "no answer is invented");
                assertEquals(List.of("the tenant's API server: " + cp.apiObserved()), ControlPlaneNotes.of(cp));
            }
        }
    }
}
