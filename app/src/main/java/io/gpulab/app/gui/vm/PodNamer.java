package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;

/** Names dropped pods {@code gpu-pod-1}, {@code gpu-pod-2}, ... skipping names any tenant already has. */
final class PodNamer {

    private int next = 1;

    String next(LabSnapshot s, String templateId) {
        while (true) {
            String name = "gpu-pod-" + next++;
            if (!taken(s, name)) {
                return name;
            }
        }
    }

    void reset() {
        next = 1;
    }

    private static boolean taken(LabSnapshot s, String name) {
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                if (p.name().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }
}
