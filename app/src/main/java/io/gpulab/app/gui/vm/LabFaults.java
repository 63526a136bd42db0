package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.NodeView;

/**
 * Faults and their repair, and the lifecycle mode: what the Faults menu and the worker, card and tenant
 * controls change. Each is one recorded lab command, sent through the coordinator (and its write gate).
 */
public final class LabFaults {

    private final WorkbenchViewModel vm;

    LabFaults(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    /** Unlocks the node; on a real cluster only while it holds the lock shown now (the one confirmed). */
    public void unlock(String tenant, String node) {
        vm.run(new LabCommand.Unlock(tenant, node, vm.snapshot().tenant(tenant).flatMap(t -> t.node(node))
                .map(NodeView::lock).orElse(null)));
    }

    public void setKonnectivity(String tenant, boolean up) {
        vm.run(new LabCommand.SetKonnectivity(tenant, up));
    }

    public void setCardHealth(String tenant, String cardId, boolean healthy) {
        vm.run(new LabCommand.SetCardHealth(tenant, cardId, healthy));
    }

    public void restartPlugin(String tenant, String node) {
        vm.run(new LabCommand.RestartPlugin(tenant, node));
    }

    /** The kubelet of a tenant's worker down (it stops posting status) or up again. */
    public void setKubelet(String tenant, String node, boolean up) {
        vm.run(new LabCommand.SetKubelet(tenant, node, up));
    }

    public void setLifecycle(String mode) {
        vm.run(new LabCommand.SetLifecycle(mode));
    }

    public void setWebhookPolicy(String tenant, String policy) {
        vm.run(new LabCommand.SetWebhookFailurePolicy(tenant, policy));
    }

    /** Stops or starts one member of a DataStore; {@code member} null: every member (the whole DataStore). */
    public void setDataStoreMember(String dataStore, @org.jspecify.annotations.Nullable String member, boolean up) {
        vm.run(new LabCommand.SetDataStoreMember(dataStore, member, up));
    }

    /** Loses one ready pod of the tenant's TenantControlPlane (its ReplicaSet replaces it). */
    public void loseControlPlaneReplica(String tenant) {
        vm.run(new LabCommand.LoseTcpReplica(tenant, null));
    }

    /** A management node {@code lost}, {@code drained} or {@code ready} again. */
    public void setManagementNode(String node, String state) {
        vm.run(new LabCommand.SetManagementNode(node, state));
    }

    /** Revokes or grants again the tenant's etcd role on its own prefix in its DataStore. */
    public void setDataStoreAccess(String tenant, boolean granted) {
        vm.run(new LabCommand.SetDataStoreAccess(tenant, granted));
    }

    /** {@code kube-scheduler} or {@code kube-controller-manager} of the tenant's control plane down or up. */
    public void setControlPlaneComponent(String tenant, String component, boolean up) {
        vm.run(new LabCommand.SetControlPlaneComponent(tenant, component, up));
    }

    public void restartKonnectivityServer(String tenant) {
        vm.run(new LabCommand.RestartKonnectivityServer(tenant));
    }

    public void setWritePermissions(String tenant, boolean blockCreation, boolean blockUpdate, boolean blockDeletion) {
        vm.run(new LabCommand.SetWritePermissions(tenant, blockCreation, blockUpdate, blockDeletion));
    }

    public void upgradeControlPlane(String tenant, String version) {
        vm.run(new LabCommand.UpgradeControlPlane(tenant, version));
    }

    public void scaleControlPlane(String tenant, int replicas) {
        vm.run(new LabCommand.ScaleControlPlane(tenant, replicas));
    }
}
