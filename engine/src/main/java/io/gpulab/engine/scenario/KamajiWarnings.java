package io.gpulab.engine.scenario;

import io.gpulab.engine.kamaji.VersionSkew;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * What a lab's Kamaji half states that gpulab keeps without acting on, or that Kubernetes would not support, one
 * sentence each (docs/kamaji-model.md): TenantControlPlane fields not modelled, kubelets outside the version-skew
 * policy. Like HAMi's warnings they are reported, never refused: a real platform may well carry them.
 */
final class KamajiWarnings {

    private KamajiWarnings() {
    }

    static List<String> of(LabSpec lab) {
        List<String> out = new ArrayList<>();
        for (TenantSpec t : lab.tenants()) {
            if (!t.controlPlane().notModelled().isEmpty()) {
                out.add("tenant " + t.name() + " controlPlane: " + String.join(", ", t.controlPlane().notModelled())
                        + " kept as stated but not modelled (the placement and the status ignore them)");
            }
            for (WorkerSpec w : t.workers()) {
                String v = VersionSkew.violation(t.controlPlane().version(), t.kubeletOf(w));
                if (v != null) {
                    out.add("tenant " + t.name() + ", worker " + w.name() + ": " + v);
                }
            }
        }
        return out;
    }
}
