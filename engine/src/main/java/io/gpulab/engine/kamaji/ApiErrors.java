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
     * kube-apiserver runs and reaches an etcd member, but the members up are fewer than a quorum: the member's proposal
     * or read index times out and the API server answers 500 without a reason (kubectl: {@code Error from server:
     * ...}).
     */
    public static String storageTimeout() {
        return "Error from server: etcdserver: request timed out";
    }

    /** The start of {@link #noEtcdMember}: the text is gpulab's, so it is recognised by this mark. */
    public static final String NO_MEMBER_MARK = "no etcd member answers";

    /** The start of {@link #kineDown}. */
    public static final String KINE_DOWN_MARK = "kine's database server does not answer";

    /**
     * kube-apiserver runs but not one member of its etcd answers: no etcd server is left to say {@code etcdserver:
     * request timed out}; the etcd client waits for a connection until the request's deadline (kube-apiserver's
     * {@code --request-timeout}, 60 s by default) and the request fails with a timeout whose wording depends on the
     * request and the Kubernetes version. gpulab does not invent it: it says what happens and that the text is not
     * modelled.
     */
    public static String noEtcdMember() {
        return NO_MEMBER_MARK + ": each request fails after kube-apiserver's 60 s request timeout (its exact error "
                + "text depends on the Kubernetes version; gpulab does not model it)";
    }

    /**
     * kube-apiserver runs, its kine sidecar too, but the SQL or NATS server behind kine does not answer: kine's error
     * is the driver's own, which gpulab does not model.
     */
    public static String kineDown(String driver) {
        return KINE_DOWN_MARK + " (" + driver + "): each request fails with kine's error (its text is the "
                + "database driver's; gpulab does not model it)";
    }

    /** Whether {@code message} is one of the texts a DataStore that does not answer gives (for the reason code). */
    public static boolean dataStoreUnavailable(String message) {
        return message.contains(storageTimeout()) || message.contains(NO_MEMBER_MARK)
                || message.contains(KINE_DOWN_MARK);
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
