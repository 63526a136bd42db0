package io.gpulab.engine.cluster;

/** A readable failure talking to a real cluster: names the kubeconfig, tenant or object at fault. */
public class ClusterException extends RuntimeException {

    public ClusterException(String message) {
        super(message);
    }

    public ClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
