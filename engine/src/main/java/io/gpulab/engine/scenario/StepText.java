package io.gpulab.engine.scenario;

/**
 * A step in words for reports, when the file gives it no {@code name}: {@code advance 5m}, {@code unlock ...}; a check
 * with what it expects ({@code expectPod tenant-a a-cpu: phase Running, node tenant-a-worker}).
 */
final class StepText {

    private StepText() {
    }

    static String of(Step step) {
        if (step instanceof Step.Submit s) {
            return "submit " + s.tenant() + " " + s.pod();
        } else if (step instanceof Step.ExpectPod s) {
            PodExpect e = s.expect();
            return "expectPod " + s.tenant() + " " + s.pod() + stated("phase", e.phase(), "node", e.node(), "reason",
                    e.reason(), "schedulerName", e.schedulerName(), "devices", e.devices());
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
            return "expectControlPlane " + s.tenant() + stated("status", s.status(), "readyReplicas",
                    s.readyReplicas(), "updatedReplicas", s.updatedReplicas(), "serving", s.serving(),
                    "installedVersion", s.installedVersion(), "apiError", s.apiError(), "apiErrorContains",
                    s.apiErrorContains(), "podNodes", s.podNodes());
        } else if (step instanceof Step.ExpectDataStore s) {
            return "expectDataStore " + s.dataStore() + stated("ready", s.ready(), "healthyMembers",
                    s.healthyMembers(), "usedBy", s.usedBy());
        } else if (step instanceof Step.ExpectKubelet s) {
            return "expectKubelet " + s.tenant() + " " + s.node();
        }
        return step.action();
    }

    /**
     * {@code : status NotReady, serving false}: what an unnamed check expects, so a report's check list says more
     * than "expectControlPlane tenant-a" four times (the fields the file states, in the file format's words).
     */
    private static String stated(Object... fieldsAndValues) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            Object v = fieldsAndValues[i + 1];
            if (v != null) {
                b.append(b.length() == 0 ? ": " : ", ").append(fieldsAndValues[i]).append(' ')
                        .append(v instanceof String t ? Quote.visible(t) : v);
            }
        }
        return b.toString();
    }
}
