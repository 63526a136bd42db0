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
        KindLabConfig kind = KindLabSpecs.from(lab, "gpulab", dir.resolve("unused.kubeconfig"));
        Map<String, String> urls = new LinkedHashMap<>();
        for (KindLabConfig.Tenant t : kind.tenants()) {
            MockLab.TenantServer server = new MockLab.TenantServer();
            tenants.put(t.name(), server);
            urls.put(t.name(), server.url());
            seedTenant(server.client, t, lab.hami().webhookFailurePolicy());
            hamis.add(MockHami.start(server.client, lab.hami().toSchedulerConfig()));
        }
        managementKubeconfig = MockLab.seedReadyManagement(management, urls, dir);
    }

    private static void seedTenant(KubernetesClient c, KindLabConfig.Tenant t, String failurePolicy) {
        for (KindLabConfig.Worker w : t.workers()) {
            c.nodes().resource(MockLab.node(w.name(), Map.of(HamiAnnotations.NODE_NVIDIA_REGISTER,
                    w.registerAnnotation()), w.gpuSlots())).create();
            c.pods().inNamespace("kube-system").resource(new PodBuilder().withNewMetadata()
                    .withName("konnectivity-agent-" + w.name()).withNamespace("kube-system").endMetadata()
                    .withNewSpec().withNodeName(w.name()).addNewContainer().withName("konnectivity-agent")
                    .withImage("registry.k8s.io/kas-network-proxy/proxy-agent").endContainer().endSpec()
                    .withNewStatus().withPhase("Running").endStatus().build()).create();
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
