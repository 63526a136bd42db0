package io.gpulab.scheduler.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code hami.io/node-nvidia-score} (written when {@code ENABLE_TOPOLOGY_SCORE=true}):
 * {@code [{"uuid":"GPU-0","score":{"GPU-1":50}}]}, decoded to uuid -> (other uuid -> score).
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
        if (root == null || !root.isArray()) {
            return Decoded.fail(ANNOTATION, value, "expected a JSON array");
        }
        Map<String, Map<String, Integer>> out = new HashMap<>();
        for (JsonNode e : root) {
            if (!e.path("uuid").isTextual() || !e.path("score").isObject()) {
                return Decoded.fail(ANNOTATION, e.toString(), "expected {\"uuid\":..., \"score\":{...}}");
            }
            Map<String, Integer> scores = new HashMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = e.get("score").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> s = it.next();
                if (!s.getValue().isIntegralNumber()) {
                    return Decoded.fail(ANNOTATION, s.getKey(), "score for " + s.getKey() + " must be an integer");
                }
                scores.put(s.getKey(), s.getValue().asInt());
            }
            out.put(e.get("uuid").asText(), Map.copyOf(scores));
        }
        return Decoded.ok(Map.copyOf(out));
    }
}
