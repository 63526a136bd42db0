package io.gpulab.engine.testkit;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;

import java.util.List;

/**
 * The article's lab (docs/architecture.md): tenant-a with one A100 80GB on {@code tenant-a-worker},
 * tenant-b with two L4 on {@code tenant-b-worker}, HAMi's chart defaults.
 */
public final class ArticleLab {

    public static final String TENANT_A = "tenant-a";
    public static final String TENANT_B = "tenant-b";
    public static final String WORKER_A = "tenant-a-worker";
    public static final String WORKER_B = "tenant-b-worker";

    private ArticleLab() {
    }

    /** The lab with the {@code complete} lifecycle (like the real HAMi device plugin). */
    public static LabSpec spec() {
        return spec(LabSpec.LIFECYCLE_COMPLETE);
    }

    /** The lab with the given lifecycle ({@code complete} or {@code article}). */
    public static LabSpec spec(String lifecycle) {
        return spec(lifecycle, HamiSettings.DEFAULTS);
    }

    public static LabSpec spec(String lifecycle, HamiSettings hami) {
        return new LabSpec("article", "Kamaji + HAMi: two tenants, fractional GPUs", hami, lifecycle, List.of(
                new TenantSpec(TENANT_A, List.of(WorkerSpec.of(WORKER_A, List.of(CardSpec.ofModel("A100-80GB", 1))))),
                new TenantSpec(TENANT_B, List.of(WorkerSpec.of(WORKER_B, List.of(CardSpec.ofModel("L4", 2)))))));
    }

    /** HAMi settings with another webhook failurePolicy. */
    public static HamiSettings withFailurePolicy(String policy) {
        HamiSettings d = HamiSettings.DEFAULTS;
        return new HamiSettings(d.deviceSplitCount(), d.deviceMemoryScaling(), d.deviceCoreScaling(), d.defaultMem(),
                d.defaultCores(), d.nodeSchedulerPolicy(), d.gpuSchedulerPolicy(), policy, d.nodeLockTimeout());
    }
}
