package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.MigAllocations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.MigPlacement;
import io.gpulab.scheduler.model.MigProfile;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live backend books the MIG instances running pods reserve ({@code hami.io/vgpu-mig-allocations}). */
@EnableKubernetesMockClient(crud = true)
class ClusterMigReservationsTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    private static DeviceInfo migCard() {
        List<MigPlacement> ones = new ArrayList<>();
        for (int s = 0; s < 7; s++) {
            ones.add(new MigPlacement(s, 1));
        }
        return new DeviceInfo("GPU-m", 0, 7, 81920, 100, "NVIDIA-A100-SXM4-80GB", 0, DeviceInfo.MIG_MODE, true,
                List.of(new MigProfile("1g.10gb", 10240, 14, 1, ones),
                        new MigProfile("3g.40gb", 40960, 42, 4, List.of(new MigPlacement(0, 4), new MigPlacement(4, 4))),
                        new MigProfile("7g.80gb", 81920, 100, 8, List.of(new MigPlacement(0, 8)))));
    }

    /** A running pod HAMi placed on a 1g.10gb instance at {@code start}, with or without the reservation. */
    private static void running(KubernetesClient c, String name, int start, boolean annotated) {
        Map<String, String> ann = new LinkedHashMap<>();
        ann.put(HamiAnnotations.VGPU_NODE, "mig-worker");
        ann.put(HamiAnnotations.DEVICES_ALLOCATED, PodDevicesCodec.encode(
                new PodDevices(List.of(List.of(new ContainerDevice("GPU-m", "NVIDIA", 10240, 14))))));
        if (annotated) {
            ann.put(MigAllocations.ANNOTATION, MigAllocations.encode(List.of(
                    new MigAllocations.Entry(0, 0, "GPU-m", "1g.10gb", new MigPlacement(start, 1)))));
        }
        c.pods().resource(MockLab.gpuPod(name, "Running", "mig-worker", ann, 10240, 14)).create();
    }

    private CardVerdict verdictWithInstancesAt3And4(boolean annotated) throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            KubernetesClient c = lab.tenantA.client;
            c.nodes().resource(MockLab.node("mig-worker", Map.of(HamiAnnotations.NODE_NVIDIA_REGISTER,
                    NodeRegistrationCodec.encodeJson(List.of(migCard()))), 7)).create();
            running(c, "small-a", 3, annotated);
            running(c, "small-b", 4, annotated);
            c.pods().resource(MockLab.gpuPod("mid", "Pending", "", Map.of(), 30000, 30)).create();
            try (ClusterBackend backend = ClusterBackend.connect(lab.options())) {
                Await.until(() -> backend.snapshot().tenant("tenant-a").orElseThrow().pod("default/mid").isPresent());
                PendingExplanation x = PendingExplainer.explain(backend, "tenant-a", "default/mid",
                        SchedulerConfig.DEFAULTS);
                return x.cards().stream().filter(v -> v.cardId().equals("GPU-m")).findFirst().orElseThrow();
            }
        }
    }

    @Test
    void instancesReservedAtSlices3And4LeaveNoRoomForA3gProfileAsOffline() throws Exception {
        // 61440 MB free, but both 3g placements (0-3, 4-7) overlap a reserved instance: the sim's answer too
        CardVerdict v = verdictWithInstancesAt3And4(true);
        assertEquals(61440, v.freeMemMB());
        assertEquals("CardMigTopologyInfeasible", v.reason());
    }

    @Test
    void withoutTheReservationAnnotationTheSameCardFits() throws Exception {
        assertEquals(CardVerdict.FITS, verdictWithInstancesAt3And4(false).reason());
    }
}
