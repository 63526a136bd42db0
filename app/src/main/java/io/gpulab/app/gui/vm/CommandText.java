package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import java.util.Map;

/** One line per command for the status bar: what the user just did, in their words. */
public final class CommandText {

    private CommandText() {
    }

    public static String of(LabCommand c) {
        if (c instanceof LabCommand.SubmitPod p) {
            return "Submitted " + podName(p.manifest()) + " to " + p.tenant();
        } else if (c instanceof LabCommand.DeletePod d) {
            return "Deleted " + d.podKey() + " in " + d.tenant();
        } else if (c instanceof LabCommand.Advance a) {
            return "Advanced the clock by " + Formats.duration(a.by());
        } else if (c instanceof LabCommand.Unlock u) {
            return "Removed the node lock on " + u.node();
        } else if (c instanceof LabCommand.SetKonnectivity k) {
            return "Konnectivity agents of " + k.tenant() + (k.up() ? " up" : " down");
        } else if (c instanceof LabCommand.SetCardHealth h) {
            return "Card " + h.cardId() + (h.healthy() ? " healthy" : " unhealthy");
        } else if (c instanceof LabCommand.RestartPlugin r) {
            return "Restarted the device plugin on " + r.node();
        } else if (c instanceof LabCommand.SetKubelet k) {
            return "Kubelet of " + k.node() + " (" + k.tenant() + ")" + (k.up() ? " up" : " down");
        } else if (c instanceof LabCommand.SetLifecycle l) {
            return "Device plugin lifecycle: " + l.mode();
        } else if (c instanceof LabCommand.SetWebhookFailurePolicy w) {
            return "Webhook failurePolicy of " + w.tenant() + ": " + w.policy();
        }
        String kamaji = kamaji(c);
        if (kamaji != null) {
            return kamaji;
        }
        if (c instanceof LabCommand.Redesign r) {
            return "Lab design: " + r.change();
        }
        return "Lab reset";
    }

    private static @org.jspecify.annotations.Nullable String kamaji(LabCommand c) {
        if (c instanceof LabCommand.SetDataStoreMember d) {
            return "DataStore " + d.dataStore() + (d.member() == null ? "" : " member " + d.member())
                    + (d.up() ? " up" : " down");
        } else if (c instanceof LabCommand.SetManagementNode n) {
            return "Management node " + n.node() + " " + n.state();
        } else if (c instanceof LabCommand.LoseTcpReplica r) {
            return "Lost a control-plane replica of " + r.tenant();
        } else if (c instanceof LabCommand.SetDataStoreAccess d) {
            return (d.granted() ? "Granted " : "Revoked ") + d.tenant() + "'s DataStore access";
        } else if (c instanceof LabCommand.SetControlPlaneComponent k) {
            return k.component() + " of " + k.tenant() + (k.up() ? " up" : " down");
        } else if (c instanceof LabCommand.RestartKonnectivityServer k) {
            return "Restarted konnectivity-server of " + k.tenant();
        } else if (c instanceof LabCommand.SetWritePermissions w) {
            return "writePermissions of " + w.tenant() + ": " + new io.gpulab.engine.lab.ControlPlaneSpec
                    .WritePermissions(w.blockCreation(), w.blockUpdate(), w.blockDeletion()).text();
        } else if (c instanceof LabCommand.UpgradeControlPlane u) {
            return "Upgraded " + u.tenant() + " to " + u.version();
        } else if (c instanceof LabCommand.ScaleControlPlane s) {
            return "Scaled " + s.tenant() + "'s control plane to " + s.replicas();
        }
        return null;
    }

    static String podName(Map<String, Object> manifest) {
        if (manifest.get("metadata") instanceof Map<?, ?> m && m.get("name") != null) {
            String ns = m.get("namespace") == null ? "default" : String.valueOf(m.get("namespace"));
            return ns + "/" + m.get("name");
        }
        return "a pod";
    }
}
