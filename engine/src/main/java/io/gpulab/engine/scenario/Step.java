package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One scenario step (docs/scenario-format.md). Every step knows its source line and an optional label
 * ({@code name:} in the file) used in reports.
 */
public sealed interface Step {

    int line();

    /** The step's {@code name}, or empty. */
    String label();

    /** The file's key for this action: {@code submit}, {@code advance}, {@code fault}, ... */
    String action();

    /** The tenant it addresses, or {@code null}. */
    default @Nullable String tenant() {
        return null;
    }

    /** The pod key ({@code ns/name}) it addresses, or {@code null}. */
    default @Nullable String pod() {
        return null;
    }

    /** Whether the step checks something (and so counts in the summary). */
    default boolean isCheck() {
        return false;
    }

    /** Create a pod through the tenant's API server; {@code expect} is checked right after. */
    record Submit(int line, String label, String tenant, String pod, Map<String, Object> manifest,
                  @Nullable PodExpect expect) implements Step {
        public String action() {
            return "submit";
        }

        public boolean isCheck() {
            return expect != null;
        }
    }

    /** Check a pod submitted earlier, e.g. after an {@code advance} or {@code unlock}. */
    record ExpectPod(int line, String label, String tenant, String pod, PodExpect expect) implements Step {
        public String action() {
            return "expectPod";
        }

        public boolean isCheck() {
            return true;
        }
    }

    /**
     * Delete a pod: its share returns to its cards. {@code expectError}: the API server is to refuse the delete with
     * exactly this text (its control plane down, writePermissions blockDeletion).
     */
    record Delete(int line, String label, String tenant, String pod, @Nullable String expectError) implements Step {
        public String action() {
            return "delete";
        }

        public boolean isCheck() {
            return expectError != null;
        }
    }

    /** Move the virtual clock. */
    record Advance(int line, String label, Duration by) implements Step {
        public String action() {
            return "advance";
        }
    }

    /** Remove a node lock by hand. */
    record Unlock(int line, String label, String tenant, String node) implements Step {
        public String action() {
            return "unlock";
        }
    }

    /**
     * {@code lock: {tenant, node, holder}}: take HAMi's node lock as another holder by HAMi's LockNode rules; or
     * {@code lock: {tenant, node, value}}: write the annotation as given. {@code expect} may name the {@code outcome}
     * or HAMi's {@code error}; without it a refused lock fails the step.
     */
    record TakeLock(int line, String label, String tenant, String node, @Nullable String holder, @Nullable String value,
                    @Nullable String expectOutcome, @Nullable String expectError) implements Step {
        public String action() {
            return "lock";
        }

        public boolean isCheck() {
            return expectOutcome != null || expectError != null;
        }
    }

    /** {@code release: {tenant, node, holder}}: HAMi's owner-checked ReleaseNodeLock; {@code expect: {released}}. */
    record ReleaseLock(int line, String label, String tenant, String node, String holder,
                       @Nullable Boolean expectReleased) implements Step {
        public String action() {
            return "release";
        }

        public boolean isCheck() {
            return expectReleased != null;
        }
    }

    /** {@code fault: {tenant, node, lockPatch: conflict|lost, times, holder | value}}. */
    record LockPatchFault(int line, String label, String tenant, String node, String kind, int times,
                          @Nullable String holder, @Nullable String value) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, konnectivity: up|down}}. */
    record Konnectivity(int line, String label, String tenant, boolean up) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, card, health}}. */
    record CardHealth(int line, String label, String tenant, String card, boolean healthy) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, node, plugin: restart}}. */
    record PluginRestart(int line, String label, String tenant, String node) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, node, kubelet: down|up}}: the worker's kubelet stops posting status, or runs again. */
    record KubeletFault(int line, String label, String tenant, String node, boolean up) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code set: {lifecycle: complete|article}}. */
    record SetLifecycle(int line, String label, String mode) implements Step {
        public String action() {
            return "set";
        }
    }

    /** {@code set: {tenant, webhookFailurePolicy: Ignore|Fail}}. */
    record SetFailurePolicy(int line, String label, String tenant, String policy) implements Step {
        public String action() {
            return "set";
        }
    }

    /**
     * What the tenant's own API server lists: exactly these nodes and pods, and (when given) this
     * capacity per node, e.g. {@code {tenant-a-worker: {nvidia.com/gpu: "10"}}}; or, with {@code error}, that it
     * refuses the list with exactly this text.
     */
    record ExpectVisibility(int line, String label, String tenant, @Nullable List<String> nodes,
                            @Nullable List<String> pods, Map<String, Map<String, String>> capacity,
                            @Nullable String error) implements Step {
        public String action() {
            return "expectVisibility";
        }

        public boolean isCheck() {
            return true;
        }
    }

    /** Usage of card {@code index} of {@code node}; {@code null} fields are not checked. */
    record ExpectCard(int line, String label, String tenant, String node, int index, @Nullable Integer usedMemMB,
                      @Nullable Integer usedCores, @Nullable Integer usedSlots, @Nullable Boolean health)
            implements Step {
        public String action() {
            return "expectCard";
        }

        public boolean isCheck() {
            return true;
        }
    }

    /** Whether HAMi's node lock is held on {@code node} (and by whom, when {@code holder} is given). */
    record ExpectLock(int line, String label, String tenant, String node, boolean held, @Nullable String holder)
            implements Step {
        public String action() {
            return "expectLock";
        }

        public boolean isCheck() {
            return true;
        }
    }

    /** {@code fault: {dataStore, member?, state: down|up}}: a member, or (no member) every member of the DataStore. */
    record DataStoreFault(int line, String label, String dataStore, @Nullable String member, boolean up)
            implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {managementNode, state: lost|drained|ready}}. */
    record ManagementNodeFault(int line, String label, String node, String state) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, tcpReplica: lost, pod?}}: one pod of the tenant's control plane is lost. */
    record TcpReplicaLost(int line, String label, String tenant, @Nullable String pod) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, dataStoreAccess: revoked|granted}}: the tenant's etcd role on its own prefix. */
    record DataStoreAccess(int line, String label, String tenant, boolean granted) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, component: kube-scheduler|kube-controller-manager, state: down|up}}. */
    record ComponentFault(int line, String label, String tenant, String component, boolean up) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code fault: {tenant, konnectivityServer: restart}}. */
    record KonnectivityServerRestart(int line, String label, String tenant) implements Step {
        public String action() {
            return "fault";
        }
    }

    /** {@code set: {tenant, writePermissions: {blockCreation, blockUpdate, blockDeletion}}}. */
    record SetWritePermissions(int line, String label, String tenant, boolean blockCreation, boolean blockUpdate,
                               boolean blockDeletion) implements Step {
        public String action() {
            return "set";
        }
    }

    /** {@code scale: {tenant, replicas}}: the TenantControlPlane's scale subresource. */
    record Scale(int line, String label, String tenant, int replicas) implements Step {
        public String action() {
            return "scale";
        }
    }

    /** {@code upgrade: {tenant, version}}; {@code expect: {error}} when Kamaji's webhook is to refuse it. */
    record Upgrade(int line, String label, String tenant, String version, @Nullable String expectError)
            implements Step {
        public String action() {
            return "upgrade";
        }

        public boolean isCheck() {
            return expectError != null;
        }
    }

    /**
     * The tenant's TenantControlPlane as Kamaji reports it and what its clients read; {@code null} fields are not
     * checked.
     *
     * @param podNodes the management nodes its pods are bound to, as a sorted list ("" for a Pending pod)
     */
    record ExpectControlPlane(int line, String label, String tenant, @Nullable String status,
                              @Nullable String installedVersion, @Nullable Integer readyReplicas,
                              @Nullable Integer updatedReplicas, @Nullable Boolean serving, @Nullable String apiError,
                              @Nullable String apiErrorContains, @Nullable List<String> podNodes) implements Step {
        public String action() {
            return "expectControlPlane";
        }

        public boolean isCheck() {
            return true;
        }
    }

    /** A DataStore: whether it answers, its members up, the tenants using it; {@code null} fields not checked. */
    record ExpectDataStore(int line, String label, String dataStore, @Nullable Boolean ready,
                           @Nullable Integer healthyMembers, @Nullable List<String> usedBy) implements Step {
        public String action() {
            return "expectDataStore";
        }

        public boolean isCheck() {
            return true;
        }
    }

    /** A worker's kubelet against the version-skew policy; {@code null} fields not checked. */
    record ExpectKubelet(int line, String label, String tenant, String node, @Nullable String version,
                         @Nullable Boolean supported, @Nullable String violation) implements Step {
        public String action() {
            return "expectKubelet";
        }

        public boolean isCheck() {
            return true;
        }
    }
}
