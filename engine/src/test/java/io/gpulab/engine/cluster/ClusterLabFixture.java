package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeLockCodec;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.PodDevices;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The article's two tenants on mock API servers, with real-format HAMi annotations written by
 * scheduler/'s encoders, plus garbage ones that must turn into warnings.
 */
public final class ClusterLabFixture implements AutoCloseable {

    static final Instant LOCK_SINCE = Instant.parse("2026-10-01T10:00:00Z");
    static final DeviceInfo A100 = new DeviceInfo("GPU-a100-0", 0, 10, 81920, 100,
            "NVIDIA-NVIDIA A100-SXM4-80GB", 0, "hami-core", true);
    static final DeviceInfo L4_0 = new DeviceInfo("GPU-l4-0", 0, 10, 24576, 100, "NVIDIA-NVIDIA L4", 0,
            "hami-core", true);
    static final DeviceInfo L4_1 = new DeviceInfo("GPU-l4-1", 1, 10, 24576, 100, "NVIDIA-NVIDIA L4", 0,
            "hami-core", true);

    public final MockLab.TenantServer tenantA = new MockLab.TenantServer();
    public final MockLab.TenantServer tenantB = new MockLab.TenantServer();
    public final Path managementKubeconfig;

    public ClusterLabFixture(KubernetesClient management, Path dir) throws IOException {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("tenant-a", tenantA.url());
        urls.put("tenant-b", tenantB.url());
        managementKubeconfig = MockLab.seedReadyManagement(management, urls, dir);
        seedTenantA(tenantA.client);
        seedTenantB(tenantB.client);
    }

    private static void seedTenantA(KubernetesClient c) {
        c.nodes().resource(MockLab.node("tenant-a-worker", Map.of(
                HamiAnnotations.NODE_NVIDIA_REGISTER, NodeRegistrationCodec.encodeJson(List.of(A100)),
                HamiAnnotations.MUTEX_LOCK, NodeLockCodec.encode(LOCK_SINCE, "default", "gpu-pod-1")), 10)).createOr(NonDeletingOperation::update);
        String alloc = PodDevicesCodec.encode(new PodDevices(List.of(
                List.of(new ContainerDevice("GPU-a100-0", "NVIDIA", 20000, 30)))));
        c.pods().resource(MockLab.gpuPod("gpu-pod-1", "Running", "tenant-a-worker", Map.of(
                HamiAnnotations.VGPU_NODE, "tenant-a-worker", HamiAnnotations.DEVICES_ALLOCATED, alloc,
                HamiAnnotations.DEVICES_TO_ALLOCATE, alloc, HamiAnnotations.BIND_PHASE, "allocating"),
                20000, 30)).createOr(NonDeletingOperation::update);
        c.pods().resource(MockLab.gpuPod("gpu-pod-2", "Pending", "", Map.of(), 70000, 30)).createOr(NonDeletingOperation::update);
        c.pods().resource(MockLab.gpuPod("garbage-pod", "Pending", "", Map.of(
                HamiAnnotations.DEVICES_ALLOCATED, "GPU-a100-0,NVIDIA;", HamiAnnotations.BIND_PHASE, "half-done"),
                1000, 10)).createOr(NonDeletingOperation::update);
        MockLab.filteringFailed(c, "gpu-pod-2", "1 nodes CardInsufficientMemory(tenant-a-worker)");
        c.admissionRegistration().v1().mutatingWebhookConfigurations().resource(
                new MutatingWebhookConfigurationBuilder().withNewMetadata().withName("hami-webhook").endMetadata()
                        .addNewWebhook().withName("vgpu.hami.io").withFailurePolicy("Ignore").endWebhook().build())
                .createOr(NonDeletingOperation::update);
    }

    private static void seedTenantB(KubernetesClient c) {
        c.nodes().resource(MockLab.node("tenant-b-worker", Map.of(
                HamiAnnotations.NODE_NVIDIA_REGISTER, NodeRegistrationCodec.encodeJson(List.of(L4_0, L4_1))), 20))
                .createOr(NonDeletingOperation::update);
        c.nodes().resource(MockLab.node("tenant-b-broken", Map.of(
                HamiAnnotations.NODE_NVIDIA_REGISTER, "{this is not json",
                HamiAnnotations.MUTEX_LOCK, "yesterday,default",
                "hami.io/made-up", "x"), 10)).createOr(NonDeletingOperation::update);
    }

    public ClusterOptions options() {
        return ClusterOptions.management(KubeconfigRef.of(managementKubeconfig, null));
    }

    @Override
    public void close() {
        tenantA.close();
        tenantB.close();
    }
}
