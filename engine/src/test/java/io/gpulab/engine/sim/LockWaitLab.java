package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;

/**
 * The article's lab with the article's mock device plugin, which never finishes Allocate: gpu-pod-1 runs (20,000 MB,
 * 30 %) and keeps tenant-a-worker's node lock; gpu-pod-2, the same size, waits for it (BindingFailed), its card
 * reservation counted (40,000 MB and 60 % booked on card 0).
 */
final class LockWaitLab {

    private LockWaitLab() {
    }

    static SimBackend start() {
        SimBackend lab = SimBackend.start(ArticleLab.spec(LabSpec.LIFECYCLE_ARTICLE));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        return lab;
    }

    /** Pod {@code default/name} of tenant-a as the lab shows it now. */
    static PodView pod(SimBackend lab, String name) {
        return lab.snapshot().tenant(TENANT_A).orElseThrow().pod("default/" + name).orElseThrow();
    }

    /** tenant-a-worker's only card (the A100) as the lab shows it now. */
    static CardView card(SimBackend lab) {
        return lab.snapshot().tenant(TENANT_A).orElseThrow().node(WORKER_A).orElseThrow().cards().get(0);
    }
}
