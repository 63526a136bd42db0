package io.gpulab.scheduler.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * {@code hami.io/node-nvidia-score} (written by the device plugin when {@code ENABLE_TOPOLOGY_SCORE=true}):
 * {@code [{"uuid":"GPU-0","score":{"GPU-1":50}}]}, decoded to uuid -> (other uuid -> score) as HAMi's
 * {@code DecodePairScores} does with Go's {@code json.Unmarshal} into {@code []DevicePairScore}: {@code null} is no
 * scores; keys match case-insensitively, unknown keys are ignored, a missing or null {@code uuid} or {@code score} is
 * empty; a value of another JSON type, or a score that is not an integer, is an error. HAMi's {@code GetNodeDevices}
 * fails the node on that error, so the node's cards are never seen (the caller's business).
 */
public final class NodeScoreCodec {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ANNOTATION = HamiAnnotations.NODE_NVIDIA_SCORE;

    private NodeScoreCodec() {
    }

    public static Decoded<Map<String, Map<String, Integer>>> decode(String value) {
        JsonNode root;
        try {
            root = JSON.readTree(value);
        } catch (JsonProcessingException e) {
            return Decoded.fail(ANNOTATION, value, "invalid JSON: " + e.getOriginalMessage());
        }
        if (root == null) {
            return Decoded.fail(ANNOTATION, value, "invalid JSON: unexpected end of JSON input");
        }
        if (root.isNull()) {
            return Decoded.ok(Map.of());
        }
        if (!root.isArray()) {
            return Decoded.fail(ANNOTATION, value, "json: cannot unmarshal " + goType(root)
                    + " into Go value of type device.DevicePairScores");
        }
        Map<String, Map<String, Integer>> out = new HashMap<>();
        for (JsonNode e : root) {
            if (e.isNull()) {
                out.putIfAbsent("", Map.of());
                continue;
            }
            if (!e.isObject()) {
                return Decoded.fail(ANNOTATION, e.toString(), "json: cannot unmarshal " + goType(e)
                        + " into Go value of type device.DevicePairScore");
            }
            String uuid = "";
            Map<String, Integer> scores = new HashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = e.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                JsonNode v = f.getValue();
                switch (f.getKey().toLowerCase(Locale.ROOT)) {
                    case "uuid" -> {
                        if (v.isTextual()) {
                            uuid = v.asText();
                        } else if (!v.isNull()) {
                            return Decoded.fail(ANNOTATION, e.toString(), "json: cannot unmarshal " + goType(v)
                                    + " into Go struct field DevicePairScore.uuid of type string");
                        }
                    }
                    case "score" -> {
                        if (v.isObject()) {
                            Iterator<Map.Entry<String, JsonNode>> it = v.fields();
                            while (it.hasNext()) {
                                Map.Entry<String, JsonNode> s = it.next();
                                JsonNode n = s.getValue();
                                if (n.isNull()) {
                                    scores.put(s.getKey(), 0);
                                } else if (n.isIntegralNumber() && n.canConvertToInt()) {
                                    scores.put(s.getKey(), n.asInt());
                                } else {
                                    return Decoded.fail(ANNOTATION, s.getKey(), "json: cannot unmarshal "
                                            + (n.isNumber() ? "number " + n : goType(n))
                                            + " into Go struct field DevicePairScore.score of type int");
                                }
                            }
                        } else if (!v.isNull()) {
                            return Decoded.fail(ANNOTATION, e.toString(), "json: cannot unmarshal " + goType(v)
                                    + " into Go struct field DevicePairScore.score of type map[string]int");
                        }
                    }
                    default -> { }
                }
            }
            out.put(uuid, Map.copyOf(scores));
        }
        return Decoded.ok(Map.copyOf(out));
    }

    /** The JSON type as Go's decoder names it in its errors. */
    private static String goType(JsonNode n) {
        if (n.isObject()) {
            return "object";
        }
        if (n.isArray()) {
            return "array";
        }
        if (n.isTextual()) {
            return "string";
        }
        if (n.isBoolean()) {
            return "bool";
        }
        return "number";
    }
}
