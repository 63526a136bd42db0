package io.gpulab.engine.api;

import java.time.Duration;
import java.util.Map;

/**
 * The only way anything outside the engine changes a lab. Pod manifests are real Kubernetes Pod
 * manifests (as kubectl would apply them), kept as parsed YAML/JSON trees.
 */
public sealed interface LabCommand {

    /** Create a pod through the tenant's API server (admission, scheduling, binding follow). */
    record SubmitPod(String tenant, Map<String, Object> manifest) implements LabCommand { }

    /** Delete (or let exit) a pod; its share returns to its cards. {@code podKey} is {@code ns/name}. */
    record DeletePod(String tenant, String podKey) implements LabCommand { }

    /** Move the virtual clock forward (locks expire, pending pods are retried). */
    record Advance(Duration by) implements LabCommand { }

    /**
     * Remove the node lock by hand: the article's lab workaround, not a production procedure.
     *
     * @param confirmed the lock the user saw and confirmed; a real cluster removes the lock only while it
     *                  is still exactly that one (a lock taken meanwhile is reported, not removed).
     *                  {@code null}: whatever lock the node holds when the command runs
     */
    record Unlock(String tenant, String node, @org.jspecify.annotations.Nullable LockView confirmed)
            implements LabCommand {

        public Unlock(String tenant, String node) {
            this(tenant, node, null);
        }
    }

    /**
     * Take HAMi's node lock as another holder, by HAMi's own {@code LockNode} rules (an expired or dangling lock is
     * taken over, a fresh one of another live pod is contention and refused with HAMi's error); or, with
     * {@code value}, write {@code hami.io/mutex.lock} as given (e.g. a legacy bare timestamp), as kubectl would.
     *
     * @param holder {@code namespace/name} of the pod taking it (it need not exist), or null with {@code value}
     */
    record TakeLock(String tenant, String node, @org.jspecify.annotations.Nullable String holder,
                    @org.jspecify.annotations.Nullable String value) implements LabCommand { }

    /**
     * Release HAMi's node lock as {@code holder} by HAMi's {@code ReleaseNodeLock} (owner-checked: another pod's lock
     * is kept, a legacy bare timestamp is released whoever asks).
     */
    record ReleaseLock(String tenant, String node, String holder) implements LabCommand { }

    /**
     * The API server answers the next {@code times} patches of the node's lock (a bind's {@code SetNodeLock}, a
     * release's {@code ReleaseNodeLock}) with a 409 Conflict ({@code conflict}), or applies them and loses the answer
     * ({@code lost}). A conflict may come from another holder's lock ({@code holder}, {@code ns/name}) or another value
     * ({@code value}) written meanwhile; both null: the node changed otherwise.
     */
    record LockPatchFault(String tenant, String node, String kind, int times,
                          @org.jspecify.annotations.Nullable String holder,
                          @org.jspecify.annotations.Nullable String value) implements LabCommand {

        public LockPatchFault(String tenant, String node, String kind, int times) {
            this(tenant, node, kind, times, null, null);
        }
    }

    /** Bring a tenant's Konnectivity agents up or down. */
    record SetKonnectivity(String tenant, boolean up) implements LabCommand { }

    /** Mark a card healthy or unhealthy (the device plugin re-registers it). */
    record SetCardHealth(String tenant, String cardId, boolean healthy) implements LabCommand { }

    /** Restart a node's device plugin (re-registration, no double allocation). */
    record RestartPlugin(String tenant, String node) implements LabCommand { }

    /** Switch the mock device plugin between {@code complete} and {@code article} lifecycles. */
    record SetLifecycle(String mode) implements LabCommand { }

    /** Set the webhook failurePolicy of a tenant ({@code Ignore} or {@code Fail}). */
    record SetWebhookFailurePolicy(String tenant, String policy) implements LabCommand { }

    /**
     * Stop or start a DataStore's member ({@code member}), or every member of it ({@code member} null: the whole
     * DataStore down or up). An etcd DataStore answers while a majority of its members is up.
     */
    record SetDataStoreMember(String dataStore, @org.jspecify.annotations.Nullable String member, boolean up)
            implements LabCommand { }

    /**
     * Lose one pod of a tenant's TenantControlPlane (it is deleted; its ReplicaSet creates a replacement, which
     * kube-scheduler places where the management nodes have room). {@code pod} null: the first ready one.
     */
    record LoseTcpReplica(String tenant, @org.jspecify.annotations.Nullable String pod) implements LabCommand { }

    /**
     * A management node is {@code lost} (NotReady: its pods are evicted after the grace period and 300 s),
     * {@code drained} (cordoned, its pods evicted at once and replaced elsewhere) or {@code ready} again.
     */
    record SetManagementNode(String node, String state) implements LabCommand { }

    /** The konnectivity-server sidecars of a tenant's control plane restart; the agents reconnect within 10 s. */
    record RestartKonnectivityServer(String tenant) implements LabCommand { }

    /**
     * Revoke ({@code granted} false) or grant again the tenant's access to its own part of an etcd DataStore: the
     * READWRITE permission of the etcd role Kamaji created for it on {@code /<schema>/} ({@code etcdctl role
     * revoke-permission}). Only that tenant's API server is refused ({@code etcdserver: permission denied}).
     */
    record SetDataStoreAccess(String tenant, boolean granted) implements LabCommand { }

    /**
     * {@code kube-scheduler} or {@code kube-controller-manager} of a tenant's control plane stops doing its work in
     * every replica while its container keeps running (the pods stay Ready), or works again ({@code up}).
     */
    record SetControlPlaneComponent(String tenant, String component, boolean up) implements LabCommand { }

    /**
     * The kubelet of a tenant's worker stops ({@code up} false) or runs again: it posts no node status, starts no
     * pod; the tenant's kube-controller-manager marks the node Ready=Unknown and taints it unreachable after
     * {@code --node-monitor-grace-period}, and evicts its pods 300 s later.
     */
    record SetKubelet(String tenant, String node, boolean up) implements LabCommand { }

    /** Set a tenant's TenantControlPlane {@code spec.writePermissions}. */
    record SetWritePermissions(String tenant, boolean blockCreation, boolean blockUpdate, boolean blockDeletion)
            implements LabCommand { }

    /**
     * Bump a tenant's {@code spec.kubernetes.version}: Kamaji's webhook refuses a downgrade, a skipped minor and a
     * version above the one it supports; otherwise the Deployment rolls out with the control plane's strategy.
     */
    record UpgradeControlPlane(String tenant, String version) implements LabCommand { }

    /** Scale a tenant's TenantControlPlane ({@code spec.controlPlane.deployment.replicas}; 0 is Sleeping). */
    record ScaleControlPlane(String tenant, int replicas) implements LabCommand { }

    /** Back to the scenario's initial lab. */
    record Reset() implements LabCommand { }

    /**
     * Replace the lab's design (tenants, workers, cards, HAMi settings) and build the lab anew from it:
     * pods and the clock start over, as after a reset. The workbench's lab editor sends one per change.
     * Only the simulated lab can be redesigned; {@link Reset} still returns to the lab as first opened.
     *
     * @param change what changed, in one line ("add 2 x A100-80GB to tenant-a-worker")
     */
    record Redesign(io.gpulab.engine.lab.LabSpec lab, String change) implements LabCommand { }
}
