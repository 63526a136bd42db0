package io.gpulab.engine.scenario;

/** A step in words for reports, when the file gives it no {@code name}: {@code advance 5m}, {@code unlock ...}. */
final class StepText {

    private StepText() {
    }

    static String of(Step step) {
        if (step instanceof Step.Submit s) {
            return "submit " + s.tenant() + " " + s.pod();
        } else if (step instanceof Step.ExpectPod s) {
            return "expectPod " + s.tenant() + " " + s.pod();
        } else if (step instanceof Step.Delete s) {
            return "delete " + s.tenant() + " " + s.pod();
        } else if (step instanceof Step.Advance s) {
            return "advance " + Durations.format(s.by());
        } else if (step instanceof Step.Unlock s) {
            return "unlock " + s.tenant() + " " + s.node();
        } else if (step instanceof Step.TakeLock s) {
            return "lock " + s.tenant() + " " + s.node() + (s.holder() != null ? " as " + s.holder()
                    : " = " + s.value());
        } else if (step instanceof Step.ReleaseLock s) {
            return "release " + s.tenant() + " " + s.node() + " as " + s.holder();
        } else if (step instanceof Step.LockPatchFault s) {
            return "fault " + s.tenant() + " " + s.node() + " lockPatch " + s.kind() + " x" + s.times();
        } else if (step instanceof Step.Konnectivity s) {
            return "fault " + s.tenant() + " konnectivity " + (s.up() ? "up" : "down");
        } else if (step instanceof Step.CardHealth s) {
            return "fault " + s.tenant() + " card " + s.card() + (s.healthy() ? " healthy" : " unhealthy");
        } else if (step instanceof Step.KubeletFault s) {
            return "fault " + s.tenant() + " " + s.node() + " kubelet " + (s.up() ? "up" : "down");
        } else if (step instanceof Step.PluginRestart s) {
            return "fault " + s.tenant() + " " + s.node() + " plugin restart";
        } else if (step instanceof Step.SetLifecycle s) {
            return "set lifecycle " + s.mode();
        } else if (step instanceof Step.SetFailurePolicy s) {
            return "set " + s.tenant() + " webhookFailurePolicy " + s.policy();
        } else if (step instanceof Step.ExpectVisibility s) {
            return "expectVisibility " + s.tenant();
        } else if (step instanceof Step.ExpectCard s) {
            return "expectCard " + s.tenant() + " " + s.node() + " card " + s.index();
        } else if (step instanceof Step.ExpectLock s) {
            return "expectLock " + s.tenant() + " " + s.node();
        } else if (step instanceof Step.DataStoreFault s) {
            return "fault DataStore " + s.dataStore() + (s.member() == null ? "" : " member " + s.member())
                    + (s.up() ? " up" : " down");
        } else if (step instanceof Step.ManagementNodeFault s) {
            return "fault management node " + s.node() + " " + s.state();
        } else if (step instanceof Step.TcpReplicaLost s) {
            return "fault " + s.tenant() + " control-plane replica lost" + (s.pod() == null ? "" : " (" + s.pod() + ")");
        } else if (step instanceof Step.DataStoreAccess s) {
            return "fault " + s.tenant() + " DataStore access " + (s.granted() ? "granted" : "revoked");
        } else if (step instanceof Step.ComponentFault s) {
            return "fault " + s.tenant() + " " + s.component() + (s.up() ? " up" : " down");
        } else if (step instanceof Step.KonnectivityServerRestart s) {
            return "fault " + s.tenant() + " konnectivity-server restart";
        } else if (step instanceof Step.SetWritePermissions s) {
            return "set " + s.tenant() + " writePermissions " + new io.gpulab.engine.lab.ControlPlaneSpec.WritePermissions(
                    s.blockCreation(), s.blockUpdate(), s.blockDeletion()).text();
        } else if (step instanceof Step.Scale s) {
            return "scale " + s.tenant() + " to " + s.replicas() + " replicas";
        } else if (step instanceof Step.Upgrade s) {
            return "upgrade " + s.tenant() + " to " + s.version();
        } else if (step instanceof Step.ExpectControlPlane s) {
            return "expectControlPlane " + s.tenant();
        } else if (step instanceof Step.ExpectDataStore s) {
            return "expectDataStore " + s.dataStore();
        } else if (step instanceof Step.ExpectKubelet s) {
            return "expectKubelet " + s.tenant() + " " + s.node();
        }
        return step.action();
    }
}
