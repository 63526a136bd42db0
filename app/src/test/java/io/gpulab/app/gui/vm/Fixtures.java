package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.api.TunnelView;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Hand-built snapshots: the article's lab after three pods, a fourth refused, and a held lock. */
public final class Fixtures {

    public static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private Fixtures() {
    }

    /** A view-model on a fresh simulated article lab, engine calls on the caller's thread, pushes dropped. */
    public static WorkbenchViewModel articleViewModel() throws Exception {
        io.gpulab.app.gui.EngineLabOpener opener = io.gpulab.app.gui.EngineLabOpener.sim();
        return new WorkbenchViewModel(opener.open("article"), opener,
                new io.gpulab.app.gui.fx.CurrentThreadTaskExecutor(), r -> { });
    }

    public static LabSnapshot articleAfterFourPods(boolean lockHeld) {
        CardView a100 = new CardView("GPU-0", 0, "NVIDIA-A100", 81_920, 60_000, 100, 90, 10, 3, true, 0, "hami-core",
                List.of("default/gpu-pod-1", "default/gpu-pod-2", "default/gpu-pod-3"));
        LockView lock = lockHeld ? new LockView(true, "default/gpu-pod-3", T0, T0.plusSeconds(300)) : null;
        NodeView worker = new NodeView("tenant-a-worker", 4, 8192, Map.of("hami.io/node-nvidia-register", "[...]"),
                Map.of("nvidia.com/gpu", "10"), List.of(a100), lock, List.of());
        List<PodView> pods = List.of(running("gpu-pod-1"), running("gpu-pod-2"), running("gpu-pod-3"),
                new PodView("default", "gpu-pod-4", "Pending", "", "hami-scheduler", "1/1 CardInsufficientCore",
                        "0/1 nodes are available", Map.of("tenant-a-worker", "1/1 CardInsufficientCore"), List.of(),
                        Map.of(), false, List.of(), 1));
        TenantView a = new TenantView("tenant-a", cp("tenant-a"), new TunnelView(true, true, ""), "Ignore",
                List.of(worker), pods);
        CardView l4 = new CardView("GPU-0", 0, "NVIDIA-L4", 24_576, 0, 100, 0, 10, 0, true, 0, "hami-core", List.of());
        NodeView bWorker = new NodeView("tenant-b-worker", 4, 8192, Map.of(), Map.of("nvidia.com/gpu", "20"),
                List.of(l4, new CardView("GPU-1", 1, "NVIDIA-L4", 24_576, 0, 100, 0, 10, 0, true, 0, "hami-core",
                        List.of())), null, List.of());
        TenantView b = new TenantView("tenant-b", cp("tenant-b"), new TunnelView(false, false,
                "dial tcp: connection refused"), "Ignore", List.of(bWorker), List.of());
        return new LabSnapshot(7, "sim", "article", T0.plusSeconds(65),
                new ManagementView("kamaji", true, "kamaji-etcd", "etcd", "172.18.255.200-172.18.255.250", List.of()),
                List.of(a, b), lockHeld ? "article" : "complete");
    }

    static PodView running(String name) {
        return new PodView("default", name, "Running", "tenant-a-worker", "hami-scheduler", "", "", Map.of(),
                List.of(new PodView.DeviceAllocation("GPU-0", "main", 20_000, 30)),
                Map.of("hami.io/bind-phase", "success"), true, List.of(), 1);
    }

    static ControlPlaneView cp(String name) {
        return new ControlPlaneView(name, "default", "Ready", "v1.35.0", "172.18.255.200:6443",
                List.of(new ControlPlaneView.ComponentView("kube-apiserver", true)), "default_" + name);
    }
}
