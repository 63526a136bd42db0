package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.KubeVersion;

import java.time.Duration;

/**
 * kube-controller-manager's {@code --node-monitor-grace-period} default: how long a node whose kubelet stopped
 * posting status still reads Ready. 50 s since Kubernetes v1.32 (kubernetes/kubernetes#126287), 40 s before.
 */
public final class NodeMonitorGrace {

    public static final Duration SINCE_1_32 = Duration.ofSeconds(50);
    public static final Duration BEFORE_1_32 = Duration.ofSeconds(40);

    private NodeMonitorGrace() {
    }

    /** The default of a kube-controller-manager of this version. */
    public static Duration of(KubeVersion controllerManager) {
        return controllerManager.major() == 1 && controllerManager.minor() < 32 ? BEFORE_1_32 : SINCE_1_32;
    }
}
