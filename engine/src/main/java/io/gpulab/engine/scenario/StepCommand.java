package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabCommand;
import java.util.Optional;

/**
 * The engine command a scenario step sends (the reverse of {@link CommandStep}): the one place that says which steps
 * change the lab, shared by a run and by the workbench playing a scenario step by step.
 */
public final class StepCommand {

    private StepCommand() {
    }

    /** The engine command of a step that changes the lab; empty for a step that only checks. */
    public static Optional<LabCommand> of(Step step) {
        if (step instanceof Step.Delete s) {
            return Optional.of(new LabCommand.DeletePod(s.tenant(), s.pod()));
        } else if (step instanceof Step.Advance s) {
            return Optional.of(new LabCommand.Advance(s.by()));
        } else if (step instanceof Step.Unlock s) {
            return Optional.of(new LabCommand.Unlock(s.tenant(), s.node()));
        } else if (step instanceof Step.TakeLock s) {
            return Optional.of(new LabCommand.TakeLock(s.tenant(), s.node(), s.holder(), s.value()));
        } else if (step instanceof Step.ReleaseLock s) {
            return Optional.of(new LabCommand.ReleaseLock(s.tenant(), s.node(), s.holder()));
        } else if (step instanceof Step.LockPatchFault s) {
            return Optional.of(new LabCommand.LockPatchFault(s.tenant(), s.node(), s.kind(), s.times(), s.holder(),
                    s.value()));
        } else if (step instanceof Step.Konnectivity s) {
            return Optional.of(new LabCommand.SetKonnectivity(s.tenant(), s.up()));
        } else if (step instanceof Step.CardHealth s) {
            return Optional.of(new LabCommand.SetCardHealth(s.tenant(), s.card(), s.healthy()));
        } else if (step instanceof Step.KubeletFault s) {
            return Optional.of(new LabCommand.SetKubelet(s.tenant(), s.node(), s.up()));
        } else if (step instanceof Step.PluginRestart s) {
            return Optional.of(new LabCommand.RestartPlugin(s.tenant(), s.node()));
        } else if (step instanceof Step.SetLifecycle s) {
            return Optional.of(new LabCommand.SetLifecycle(s.mode()));
        } else if (step instanceof Step.SetFailurePolicy s) {
            return Optional.of(new LabCommand.SetWebhookFailurePolicy(s.tenant(), s.policy()));
        } else if (step instanceof Step.Submit s) {
            return Optional.of(new LabCommand.SubmitPod(s.tenant(), s.manifest()));
        } else if (step instanceof Step.DataStoreFault s) {
            return Optional.of(new LabCommand.SetDataStoreMember(s.dataStore(), s.member(), s.up()));
        } else if (step instanceof Step.ManagementNodeFault s) {
            return Optional.of(new LabCommand.SetManagementNode(s.node(), s.state()));
        } else if (step instanceof Step.TcpReplicaLost s) {
            return Optional.of(new LabCommand.LoseTcpReplica(s.tenant(), s.pod()));
        } else if (step instanceof Step.DataStoreAccess s) {
            return Optional.of(new LabCommand.SetDataStoreAccess(s.tenant(), s.granted()));
        } else if (step instanceof Step.ComponentFault s) {
            return Optional.of(new LabCommand.SetControlPlaneComponent(s.tenant(), s.component(), s.up()));
        } else if (step instanceof Step.KonnectivityServerRestart s) {
            return Optional.of(new LabCommand.RestartKonnectivityServer(s.tenant()));
        } else if (step instanceof Step.SetWritePermissions s) {
            return Optional.of(new LabCommand.SetWritePermissions(s.tenant(), s.blockCreation(), s.blockUpdate(),
                    s.blockDeletion()));
        } else if (step instanceof Step.Upgrade s) {
            return Optional.of(new LabCommand.UpgradeControlPlane(s.tenant(), s.version()));
        } else if (step instanceof Step.Scale s) {
            return Optional.of(new LabCommand.ScaleControlPlane(s.tenant(), s.replicas()));
        }
        return Optional.empty();
    }
}
