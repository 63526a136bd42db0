package io.gpulab.engine.kamaji;

/**
 * What a client of a tenant's API server reads when its control plane cannot answer (docs/kamaji-model.md, "What a
 * tenant sees").
 */
public final class ApiErrors {

    /** The write-permissions webhook Kamaji installs in the tenant ({@code kamaji-write-permissions}). */
    public static final String WRITE_WEBHOOK = "catchall.write-permissions.kamaji.clastix.io";

    /** The part of {@link #refused} that does not depend on the endpoint. */
    public static final String REFUSED_MARK = " was refused - did you specify the right host or port?";

    private ApiErrors() {
    }

    /**
     * No kube-apiserver of the TCP is ready, so its Service has no endpoints and kube-proxy rejects the connection;
     * kubectl's words ({@code The connection to the server <host:port> was refused - did you specify the right host
     * or port?}).
     */
    public static String refused(String endpoint) {
        return "The connection to the server " + endpoint + REFUSED_MARK;
    }

    /**
     * kube-apiserver runs but its etcd does not answer (no quorum): the request times out in etcd and the API server
     * answers 500 without a reason (kubectl: {@code Error from server: ...}).
     */
    public static String storageTimeout() {
        return "Error from server: etcdserver: request timed out";
    }

    /**
     * kube-apiserver's etcd user lost its role's permission on the tenant's prefix: etcd answers every request with
     * {@code etcdserver: permission denied}, which the API server returns as a 500 without a reason.
     */
    public static String permissionDenied() {
        return "Error from server: etcdserver: permission denied";
    }

    /** Kamaji's write-permissions webhook denies a create, update or delete (Kamaji's own text). */
    public static String writeLimited() {
        return "Error from server (Forbidden): admission webhook \"" + WRITE_WEBHOOK + "\" denied the request: the "
                + "current Control Plane has limited write permissions, current changes are blocked: removing the "
                + "webhook may lead to an inconsistent state upon its completion";
    }
}
