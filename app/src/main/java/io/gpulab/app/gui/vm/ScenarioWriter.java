package io.gpulab.app.gui.vm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gpulab.engine.api.LabCommand;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes "the lab as opened, plus what the user did": the scenario's own {@code lab:} section is kept
 * verbatim and its {@code steps:} become the user's command history (docs/scenario-format.md).
 */
public final class ScenarioWriter {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    private ScenarioWriter() {
    }

    /** The scenario text with its steps replaced by {@code history}. */
    public static String write(String sourceYaml, List<LabCommand> history) throws IOException {
        JsonNode tree = YAML.readTree(sourceYaml);
        if (!(tree instanceof ObjectNode root)) {
            throw new IOException("scenario: the document is not a mapping");
        }
        ArrayNode steps = root.putArray("steps");
        for (LabCommand c : history) {
            steps.add(YAML.valueToTree(step(c)));
        }
        return YAML.writeValueAsString(root);
    }

    /** One command as a scenario step. */
    static Map<String, Object> step(LabCommand c) {
        Map<String, Object> s = new LinkedHashMap<>();
        if (c instanceof LabCommand.SubmitPod p) {
            s.put("submit", ordered("tenant", p.tenant(), "pod", p.manifest()));
        } else if (c instanceof LabCommand.DeletePod d) {
            s.put("delete", ordered("tenant", d.tenant(), "pod", d.podKey()));
        } else if (c instanceof LabCommand.Advance a) {
            s.put("advance", Formats.duration(a.by()));
        } else if (c instanceof LabCommand.Unlock u) {
            s.put("unlock", ordered("tenant", u.tenant(), "node", u.node()));
        } else if (c instanceof LabCommand.SetKonnectivity k) {
            s.put("fault", ordered("tenant", k.tenant(), "konnectivity", k.up() ? "up" : "down"));
        } else if (c instanceof LabCommand.SetCardHealth h) {
            Map<String, Object> f = ordered("tenant", h.tenant(), "card", h.cardId());
            f.put("health", h.healthy());
            s.put("fault", f);
        } else if (c instanceof LabCommand.RestartPlugin r) {
            Map<String, Object> f = ordered("tenant", r.tenant(), "node", r.node());
            f.put("plugin", "restart");
            s.put("fault", f);
        } else if (c instanceof LabCommand.SetLifecycle l) {
            s.put("set", Map.of("lifecycle", l.mode()));
        } else if (c instanceof LabCommand.SetWebhookFailurePolicy w) {
            s.put("set", ordered("tenant", w.tenant(), "webhookFailurePolicy", w.policy()));
        } else if (c instanceof LabCommand.SetDataStoreMember d) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("dataStore", d.dataStore());
            if (d.member() != null) {
                f.put("member", d.member());
            }
            f.put("state", d.up() ? "up" : "down");
            s.put("fault", f);
        } else if (c instanceof LabCommand.SetManagementNode n) {
            s.put("fault", ordered("managementNode", n.node(), "state", n.state()));
        } else if (c instanceof LabCommand.LoseTcpReplica r) {
            Map<String, Object> f = ordered("tenant", r.tenant(), "tcpReplica", "lost");
            if (r.pod() != null) {
                f.put("pod", r.pod());
            }
            s.put("fault", f);
        } else if (c instanceof LabCommand.RestartKonnectivityServer k) {
            s.put("fault", ordered("tenant", k.tenant(), "konnectivityServer", "restart"));
        } else if (c instanceof LabCommand.SetWritePermissions w) {
            Map<String, Object> flags = new LinkedHashMap<>();
            flags.put("blockCreation", w.blockCreation());
            flags.put("blockUpdate", w.blockUpdate());
            flags.put("blockDeletion", w.blockDeletion());
            s.put("set", ordered("tenant", w.tenant(), "writePermissions", flags));
        } else if (c instanceof LabCommand.UpgradeControlPlane u) {
            s.put("upgrade", ordered("tenant", u.tenant(), "version", u.version()));
        } else if (c instanceof LabCommand.ScaleControlPlane sc) {
            s.put("scale", ordered("tenant", sc.tenant(), "replicas", sc.replicas()));
        } else {
            s.put("reset", true);
        }
        return s;
    }

    private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }
}
