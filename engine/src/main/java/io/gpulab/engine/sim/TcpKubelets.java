package io.gpulab.engine.sim;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.kamaji.VersionSkew;
import io.gpulab.engine.lab.KubeVersion;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * A tenant's workers' kubelets and Kubernetes' version-skew policy against the API servers running: never newer than
 * the oldest, at most three minors older than the newest (during a rollout both serve).
 */
final class TcpKubelets {

    /** The kubelet of each worker, by node, in the lab's order. */
    private final Map<String, KubeVersion> byNode = new LinkedHashMap<>();

    void put(String node, KubeVersion version) {
        byNode.put(node, version);
    }

    /** Why {@code kubelet} breaks the policy against the versions {@code serving}, else empty. */
    static String violation(KubeVersion kubelet, SortedSet<KubeVersion> serving) {
        String v = VersionSkew.violation(serving.first(), kubelet);
        if (v == null || !v.contains("is newer")) {
            String w = VersionSkew.violation(serving.last(), kubelet);
            v = w != null ? w : v;
        }
        return v == null ? "" : v;
    }

    List<ControlPlaneView.KubeletView> views(SortedSet<KubeVersion> serving) {
        List<ControlPlaneView.KubeletView> out = new ArrayList<>();
        byNode.forEach((node, v) -> out.add(new ControlPlaneView.KubeletView(node, v.text(), violation(v, serving))));
        return out;
    }
}
