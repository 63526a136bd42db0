package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.cluster.ClusterBackend;
import io.gpulab.engine.cluster.KubeconfigRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a lab that is not simulated was observed, in words for a caption: kubeconfig contexts (a file's name, never
 * its path or content), e.g. {@code context prod-mgmt} or {@code mgmt.kubeconfig's current context}.
 */
final class ObservedOn {

    private ObservedOn() {
    }

    static String of(LabBackend backend) {
        if (!(backend instanceof ClusterBackend c)) {
            return "the " + backend.id() + " backend";
        }
        List<String> where = new ArrayList<>();
        if (c.options().management() != null) {
            where.add(where(c.options().management()));
        }
        for (Map.Entry<String, KubeconfigRef> t : new TreeMap<>(c.options().tenants()).entrySet()) {
            where.add(t.getKey() + " at " + where(t.getValue()));
        }
        String clusters = where.isEmpty() ? "a cluster" : String.join(", ", where);
        return "kind".equals(c.options().backendId()) ? "a kind cluster (" + clusters + ")" : clusters;
    }

    private static String where(KubeconfigRef ref) {
        if (ref.context() != null) {
            return "context " + ref.context();
        }
        return (ref.file() == null ? "kubectl's" : ref.file().getFileName() + "'s") + " current context";
    }
}
