package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabCommand;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A command sent to a lab as the scenario step that does the same (docs/scenario-format.md): what a lab's history
 * records for an action of the user's own. Named {@code workbench action: ...} so a reader of the recorded scenario
 * tells it from the scenario's own steps.
 */
public final class CommandStep {

    /** The name every recorded action of the user's own starts with. */
    public static final String NAME_PREFIX = "workbench action: ";

    private CommandStep() {
    }

    /** The name the step of {@code c} carries: {@code workbench action: submit tenant-a default/gpu-pod-6}. */
    public static String name(LabCommand c) {
        return String.valueOf(of(c).get("name"));
    }

    /**
     * The step of {@code c}.
     *
     * @throws IllegalArgumentException for a reset or a redesign: they start a history, they are not a step of one
     */
    public static Map<String, Object> of(LabCommand c) {
        Map<String, Object> s = new LinkedHashMap<>();
        String what;
        if (c instanceof LabCommand.SubmitPod p) {
            s.put("submit", ordered("tenant", p.tenant(), "pod", p.manifest()));
            what = "submit " + p.tenant() + " " + podKey(p.manifest());
        } else if (c instanceof LabCommand.DeletePod d) {
            s.put("delete", ordered("tenant", d.tenant(), "pod", d.podKey()));
            what = "delete " + d.tenant() + " " + d.podKey();
        } else if (c instanceof LabCommand.Advance a) {
            s.put("advance", Durations.format(a.by()));
            what = "advance " + Durations.format(a.by());
        } else if (c instanceof LabCommand.Unlock u) {
            s.put("unlock", ordered("tenant", u.tenant(), "node", u.node()));
            what = "unlock " + u.tenant() + " " + u.node();
        } else if (c instanceof LabCommand.TakeLock l) {
            Map<String, Object> f = ordered("tenant", l.tenant(), "node", l.node());
            if (l.holder() != null) {
                f.put("holder", l.holder());
            }
            if (l.value() != null) {
                f.put("value", l.value());
            }
            s.put("lock", f);
            what = "lock " + l.tenant() + " " + l.node();
        } else if (c instanceof LabCommand.ReleaseLock l) {
            Map<String, Object> f = ordered("tenant", l.tenant(), "node", l.node());
            f.put("holder", l.holder());
            s.put("release", f);
            what = "release " + l.tenant() + " " + l.node();
        } else if (c instanceof LabCommand.LockPatchFault l) {
            Map<String, Object> f = ordered("tenant", l.tenant(), "node", l.node());
            f.put("lockPatch", l.kind());
            f.put("times", l.times());
            s.put("fault", f);
            what = "fault " + l.tenant() + " " + l.node() + " lockPatch " + l.kind();
        } else if (c instanceof LabCommand.SetKonnectivity k) {
            s.put("fault", ordered("tenant", k.tenant(), "konnectivity", k.up() ? "up" : "down"));
            what = "fault " + k.tenant() + " konnectivity " + (k.up() ? "up" : "down");
        } else if (c instanceof LabCommand.SetCardHealth h) {
            Map<String, Object> f = ordered("tenant", h.tenant(), "card", h.cardId());
            f.put("health", h.healthy());
            s.put("fault", f);
            what = "fault " + h.tenant() + " card " + h.cardId() + (h.healthy() ? " healthy" : " unhealthy");
        } else if (c instanceof LabCommand.RestartPlugin r) {
            Map<String, Object> f = ordered("tenant", r.tenant(), "node", r.node());
            f.put("plugin", "restart");
            s.put("fault", f);
            what = "fault " + r.tenant() + " " + r.node() + " plugin restart";
        } else if (c instanceof LabCommand.SetKubelet k) {
            Map<String, Object> f = ordered("tenant", k.tenant(), "node", k.node());
            f.put("kubelet", k.up() ? "up" : "down");
            s.put("fault", f);
            what = "fault " + k.tenant() + " " + k.node() + " kubelet " + (k.up() ? "up" : "down");
        } else if (c instanceof LabCommand.SetLifecycle l) {
            s.put("set", Map.of("lifecycle", l.mode()));
            what = "set lifecycle " + l.mode();
        } else if (c instanceof LabCommand.SetWebhookFailurePolicy w) {
            s.put("set", ordered("tenant", w.tenant(), "webhookFailurePolicy", w.policy()));
            what = "set " + w.tenant() + " webhookFailurePolicy " + w.policy();
        } else {
            what = kamaji(c, s);
            if (what == null) {
                throw new IllegalArgumentException(c.getClass().getSimpleName() + " starts a lab's history; it is "
                        + "not a step of one");
            }
        }
        Map<String, Object> named = new LinkedHashMap<>();
        named.put("name", NAME_PREFIX + what);
        named.putAll(s);
        return named;
    }

    /** The step of a Kamaji fault, the upgrade or a scale into {@code s}, and its words; null for another command. */
    private static @org.jspecify.annotations.Nullable String kamaji(LabCommand c, Map<String, Object> s) {
        if (c instanceof LabCommand.SetDataStoreMember d) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("dataStore", d.dataStore());
            if (d.member() != null) {
                f.put("member", d.member());
            }
            f.put("state", d.up() ? "up" : "down");
            s.put("fault", f);
            return "fault DataStore " + d.dataStore() + (d.member() == null ? "" : " member " + d.member())
                    + (d.up() ? " up" : " down");
        } else if (c instanceof LabCommand.SetManagementNode n) {
            s.put("fault", ordered("managementNode", n.node(), "state", n.state()));
            return "fault management node " + n.node() + " " + n.state();
        } else if (c instanceof LabCommand.LoseTcpReplica r) {
            Map<String, Object> f = ordered("tenant", r.tenant(), "tcpReplica", "lost");
            if (r.pod() != null) {
                f.put("pod", r.pod());
            }
            s.put("fault", f);
            return "fault " + r.tenant() + " control-plane replica lost";
        } else if (c instanceof LabCommand.SetDataStoreAccess d) {
            s.put("fault", ordered("tenant", d.tenant(), "dataStoreAccess", d.granted() ? "granted" : "revoked"));
            return "fault " + d.tenant() + " DataStore access " + (d.granted() ? "granted" : "revoked");
        } else if (c instanceof LabCommand.SetControlPlaneComponent k) {
            Map<String, Object> f = ordered("tenant", k.tenant(), "component", k.component());
            f.put("state", k.up() ? "up" : "down");
            s.put("fault", f);
            return "fault " + k.tenant() + " " + k.component() + (k.up() ? " up" : " down");
        } else if (c instanceof LabCommand.RestartKonnectivityServer k) {
            s.put("fault", ordered("tenant", k.tenant(), "konnectivityServer", "restart"));
            return "fault " + k.tenant() + " konnectivity-server restart";
        } else if (c instanceof LabCommand.SetWritePermissions w) {
            Map<String, Object> flags = new LinkedHashMap<>();
            flags.put("blockCreation", w.blockCreation());
            flags.put("blockUpdate", w.blockUpdate());
            flags.put("blockDeletion", w.blockDeletion());
            s.put("set", ordered("tenant", w.tenant(), "writePermissions", flags));
            return "set " + w.tenant() + " writePermissions " + new io.gpulab.engine.lab.ControlPlaneSpec
                    .WritePermissions(w.blockCreation(), w.blockUpdate(), w.blockDeletion()).text();
        } else if (c instanceof LabCommand.UpgradeControlPlane u) {
            s.put("upgrade", ordered("tenant", u.tenant(), "version", u.version()));
            return "upgrade " + u.tenant() + " to " + u.version();
        } else if (c instanceof LabCommand.ScaleControlPlane sc) {
            s.put("scale", ordered("tenant", sc.tenant(), "replicas", sc.replicas()));
            return "scale " + sc.tenant() + " to " + sc.replicas() + " replicas";
        }
        return null;
    }

    /** {@code namespace/name} of a Pod manifest ({@code default} when it names no namespace). */
    public static String podKey(Map<String, Object> manifest) {
        if (manifest.get("metadata") instanceof Map<?, ?> m && m.get("name") != null) {
            Object ns = m.get("namespace");
            return (ns == null ? "default" : ns) + "/" + m.get("name");
        }
        return "a pod";
    }

    private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }
}
