package io.gpulab.app.gui.walkthrough;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpulab.engine.api.ReasonCodes;
import io.gpulab.engine.scenario.Quote;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Turns a {@code check:} mapping of a walkthrough file into a {@link Check}; errors name the field. */
final class CheckParser {

    /** {@code status.kubernetesResources.version.status} as Kamaji's computeStatus writes it (docs/kamaji-model.md). */
    private static final List<String> CP_STATUSES = List.of("Provisioning", "NotReady", "Ready", "Sleeping",
            "WriteLimited", "Upgrading", "Migrating", "Unknown");

    private CheckParser() {
    }

    static Check parse(JsonNode node, String where) {
        if (!node.isObject() || node.size() != 1) {
            throw new IllegalArgumentException(where + ": expected exactly one check kind");
        }
        Map.Entry<String, JsonNode> e = node.fields().next();
        String kind = e.getKey();
        JsonNode a = e.getValue();
        String at = where + "." + kind;
        return switch (kind) {
            case "podsRunning" -> {
                known(a, at, "tenant", "atLeast", "hami");
                yield new Check.PodsRunning(text(a, at, "tenant"), a.path("atLeast").asInt(1), bool(a, "hami"));
            }
            case "card" -> {
                known(a, at, "tenant", "usedMemMB", "usedCores", "usedSlots", "health");
                yield new Check.CardUsage(text(a, at, "tenant"), integer(a, "usedMemMB"), integer(a, "usedCores"),
                        integer(a, "usedSlots"), bool(a, "health"));
            }
            case "cardSize" -> {
                known(a, at, "tenant", "memMB", "cores", "slots");
                yield new Check.CardSize(text(a, at, "tenant"), integer(a, "memMB"), integer(a, "cores"),
                        integer(a, "slots"));
            }
            case "capacity" -> {
                known(a, at, "tenant", "resource", "amount");
                yield new Check.Capacity(text(a, at, "tenant"), text(a, at, "resource"), a.path("amount").asLong());
            }
            case "pending" -> {
                known(a, at, "tenant", "reason");
                String reason = a.hasNonNull("reason") ? a.get("reason").asText() : null;
                if (reason != null && ReasonCodes.find(reason).isEmpty()) {
                    throw new IllegalArgumentException(at + ".reason: unknown reason '" + Quote.clip(reason)
                            + "' (leave it out for any pending pod); valid reasons: " + ReasonCodes.list());
                }
                yield new Check.PendingReason(text(a, at, "tenant"), reason);
            }
            case "lock" -> {
                known(a, at, "tenant", "node", "held");
                yield new Check.Lock(text(a, at, "tenant"), a.hasNonNull("node") ? a.get("node").asText() : null,
                        a.path("held").asBoolean(true));
            }
            case "tunnel" -> {
                known(a, at, "tenant", "agentsUp", "webhookReachable");
                yield new Check.Tunnel(text(a, at, "tenant"), bool(a, "agentsUp"), bool(a, "webhookReachable"));
            }
            case "lifecycle" -> new Check.Lifecycle(a.asText());
            case "policy" -> {
                known(a, at, "tenant", "policy");
                yield new Check.Policy(text(a, at, "tenant"), text(a, at, "policy"));
            }
            case "visible" -> {
                known(a, at, "tenant", "nodes");
                List<String> nodes = new ArrayList<>();
                a.path("nodes").forEach(n -> nodes.add(n.asText()));
                yield new Check.Visible(text(a, at, "tenant"), nodes);
            }
            case "dataStore" -> {
                known(a, at, "name", "healthyMembers", "ready");
                yield new Check.DataStore(text(a, at, "name"), integer(a, "healthyMembers"), bool(a, "ready"));
            }
            case "controlPlane" -> {
                known(a, at, "tenant", "status", "readyReplicas", "serving");
                String status = a.hasNonNull("status") ? a.get("status").asText() : null;
                if (status != null && !CP_STATUSES.contains(status)) {
                    throw new IllegalArgumentException(at + ".status: unknown status '" + Quote.clip(status)
                            + "' (Kamaji's: " + String.join(", ", CP_STATUSES) + ")");
                }
                yield new Check.ControlPlane(text(a, at, "tenant"), status, integer(a, "readyReplicas"),
                        bool(a, "serving"));
            }
            case "allOf" -> {
                List<Check> all = new ArrayList<>();
                int i = 0;
                for (JsonNode c : a) {
                    all.add(parse(c, at + "[" + i++ + "]"));
                }
                yield new Check.AllOf(all);
            }
            default -> throw new IllegalArgumentException(where + ": unknown check '" + kind + "'");
        };
    }

    private static void known(JsonNode a, String at, String... fields) {
        if (!a.isObject()) {
            throw new IllegalArgumentException(at + ": expected a mapping");
        }
        Set<String> ok = Set.of(fields);
        for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!ok.contains(f)) {
                throw new IllegalArgumentException(at + "." + f + ": unknown field");
            }
        }
    }

    private static String text(JsonNode a, String at, String field) {
        JsonNode v = a.get(field);
        if (v == null || !v.isValueNode()) {
            throw new IllegalArgumentException(at + "." + field + ": missing");
        }
        return v.asText();
    }

    private static @Nullable Integer integer(JsonNode a, String field) {
        return a.hasNonNull(field) ? a.get(field).asInt() : null;
    }

    private static @Nullable Boolean bool(JsonNode a, String field) {
        return a.hasNonNull(field) ? a.get(field).asBoolean() : null;
    }
}
