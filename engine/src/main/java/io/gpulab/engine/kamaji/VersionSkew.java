package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.KubeVersion;
import org.jspecify.annotations.Nullable;

/**
 * Kubernetes' version-skew policy for a kubelet against its API server (kubernetes.io/releases/version-skew-policy):
 * "kubelet must not be newer than kube-apiserver, and may be up to three minor versions older (kubelet &lt; 1.25 may
 * only be up to two minor versions older)". Kubernetes itself refuses nothing: a node outside the policy still
 * registers, it is simply not supported, which is what gpulab reports.
 */
public final class VersionSkew {

    /** The policy's sentence, quoted by every violation. */
    public static final String POLICY = "kubelet must not be newer than kube-apiserver, and may be up to three minor "
            + "versions older (kubelet < 1.25 may only be up to two minor versions older)";

    private VersionSkew() {
    }

    /** Why the pair breaks the policy, or null when it holds. Patch releases do not count. */
    public static @Nullable String violation(KubeVersion apiServer, KubeVersion kubelet) {
        int older = apiServer.minorsAfter(kubelet);
        if (older < 0) {
            return "kubelet " + kubelet + " is newer than kube-apiserver " + apiServer + ": " + POLICY;
        }
        int allowed = kubelet.major() == 1 && kubelet.minor() < 25 ? 2 : 3;
        if (older > allowed) {
            return "kubelet " + kubelet + " is " + older + " minor versions older than kube-apiserver " + apiServer
                    + ": " + POLICY;
        }
        return null;
    }

    /**
     * A kubelet against every API server version serving now (during a rollout both do, and a client may reach
     * either): never newer than the oldest, at most three minors older than the newest; null when it holds.
     *
     * @param apiServers not empty
     */
    public static @Nullable String violation(java.util.SortedSet<KubeVersion> apiServers, KubeVersion kubelet) {
        String v = violation(apiServers.first(), kubelet);
        if (v == null || !v.contains("is newer")) {
            String w = violation(apiServers.last(), kubelet);
            v = w != null ? w : v;
        }
        return v;
    }
}
