package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.gpulab.engine.kind.KindLabConfig;
import io.gpulab.engine.kind.KindLabSpecs;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.scheduler.codec.HamiAnnotations;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's lab on mock API servers in the state {@code gpulab kind up} leaves a real one: Kamaji's
 * objects on the management server; per tenant the workers with the mock cards (the same annotation
 * and {@code nvidia.com/gpu} patch as the kind plan's step), running Konnectivity agents, HAMi's
 * webhook configuration, and {@link MockHami} doing what HAMi and the kubelet do.
 */
public final class KindShapedLab implements AutoCloseable {

    public final Map<String, MockLab.TenantServer> tenants = new LinkedHashMap<>();
    private final List<MockHami> hamis = new ArrayList<>();
    public final Path managementKubeconfig;

    public KindShapedLab(LabSpec lab, KubernetesClient management, Path dir) throws IOException {
        this(lab, management, dir, false);
    }

    /**
     * @param kamajiManifests the management cluster as Kamaji leaves it ({@code engine/src/test/resources/kamaji/}:
     *                        two TCPs, the kamaji-etcd DataStore with three members, two management nodes and the
     *                        pods on them; tenants {@code tenant-a} and {@code tenant-b}), each worker reporting the
     *                        lab's kubelet version; else the minimal TCPs and one-member DataStore of
     *                        {@link MockLab#seedReadyManagement}
     */
    private KindShapedLab(LabSpec lab, KubernetesClient management, Path dir, boolean kamajiManifests)
            throws IOException {
        KindLabConfig kind = KindLabSpecs.from(lab, "gpulab", dir.resolve("unused.kubeconfig"));
        Map<String, String> urls = new LinkedHashMap<>();
        for (KindLabConfig.Tenant t : kind.tenants()) {
            MockLab.TenantServer server = new MockLab.TenantServer();
            tenants.put(t.name(), server);
            urls.put(t.name(), server.url());
            seedTenant(server.client, t, lab.hami().webhookFailurePolicy());
            if (kamajiManifests) {
                var spec = lab.tenants().stream().filter(x -> x.name().equals(t.name())).findFirst().orElseThrow();
                spec.workers().forEach(w -> server.client.nodes().withName(w.name()).editStatus(n -> {
                    n.getStatus().setNodeInfo(new io.fabric8.kubernetes.api.model.NodeSystemInfoBuilder()
                            .withKubeletVersion(spec.kubeletOf(w).text()).build());
                    return n;
                }));
            }
            hamis.add(MockHami.start(server.client, lab.hami().toSchedulerConfig()));
        }
        if (kamajiManifests) {
            ManagementServer.load(management, "/kamaji/management-objects.yaml");
            ManagementServer.load(management, "/kamaji/management-pods.yaml");
            urls.forEach((name, url) -> management.secrets().inNamespace("default").resource(
                    new io.fabric8.kubernetes.api.model.SecretBuilder().withNewMetadata()
                            .withName(KamajiResources.adminSecretName(name)).withNamespace("default").endMetadata()
                            .withData(Map.of(KamajiResources.ADMIN_CONF_KEY, java.util.Base64.getEncoder()
                                    .encodeToString(MockLab.kubeconfig(url, name, MockLab.TOKEN_PREFIX + name)
                                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)))).build()).create());
            management.apps().deployments().inNamespace("kamaji-system").resource(new io.fabric8.kubernetes.api.model
                    .apps.DeploymentBuilder().withNewMetadata().withName("kamaji").withNamespace("kamaji-system")
                    .addToLabels("app.kubernetes.io/name", "kamaji").endMetadata().withNewStatus()
                    .withReadyReplicas(1).endStatus().build()).create();
            managementKubeconfig = MockLab.writeKubeconfig(dir, "management",
                    management.getConfiguration().getMasterUrl(), MockLab.TOKEN_PREFIX + "management");
        } else {
            managementKubeconfig = MockLab.seedReadyManagement(management, urls, dir);
        }
    }

    /**
     * A scenario's lab (tenants {@code tenant-a} and {@code tenant-b}) behind a management cluster holding Kamaji's
     * objects as Kamaji leaves them (see the constructor).
     */
    public static KindShapedLab withKamajiManifests(LabSpec lab, KubernetesClient management, Path dir)
            throws IOException {
        return new KindShapedLab(lab, management, dir, true);
    }

    private static void seedTenant(KubernetesClient c, KindLabConfig.Tenant t, String failurePolicy) {
        for (KindLabConfig.Worker w : t.workers()) {
            // createOr: on a loaded machine fabric8 may retry a POST whose first try the server did apply (409)
            c.nodes().resource(MockLab.node(w.name(), Map.of(HamiAnnotations.NODE_NVIDIA_REGISTER,
                    w.registerAnnotation()), w.gpuSlots())).createOr(
                    io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
            c.pods().inNamespace("kube-system").resource(new PodBuilder().withNewMetadata()
                    .withName("konnectivity-agent-" + w.name()).withNamespace("kube-system").endMetadata()
                    .withNewSpec().withNodeName(w.name()).addNewContainer().withName("konnectivity-agent")
                    .withImage("registry.k8s.io/kas-network-proxy/proxy-agent").endContainer().endSpec()
                    .withNewStatus().withPhase("Running").endStatus().build()).createOr(
                    io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        }
        c.admissionRegistration().v1().mutatingWebhookConfigurations().resource(
                new MutatingWebhookConfigurationBuilder().withNewMetadata().withName("hami-webhook").endMetadata()
                        .addNewWebhook().withName("vgpu.hami.io").withFailurePolicy(failurePolicy).endWebhook().build())
                .create();
    }

    /** Failures inside the HAMi doubles: a test that passes despite one would prove nothing. */
    public List<String> hamiFailures() {
        return hamis.stream().flatMap(h -> h.failures().stream()).toList();
    }

    public ClusterOptions options() {
        return ClusterOptions.management(KubeconfigRef.of(managementKubeconfig, null));
    }

    @Override
    public void close() {
        hamis.forEach(MockHami::close);
        tenants.values().forEach(MockLab.TenantServer::close);
    }
}
