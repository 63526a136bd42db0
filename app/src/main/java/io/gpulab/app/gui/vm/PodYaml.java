package io.gpulab.app.gui.vm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.Map;

/** Reads a Pod manifest dropped or pasted as YAML (or JSON), with errors that say what is wrong. */
public final class PodYaml {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private PodYaml() {
    }

    /** The manifest tree; throws with the line and the field when it is not a Pod. */
    public static Map<String, Object> parse(String source, String text) {
        Map<String, Object> tree;
        try {
            tree = YAML.readValue(text, new TypeReference<Map<String, Object>>() { });
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new IllegalArgumentException(source + ":" + line + ": not YAML: " + e.getOriginalMessage(), e);
        }
        if (tree == null) {
            throw new IllegalArgumentException(source + ": empty document");
        }
        Object kind = tree.get("kind");
        if (!"Pod".equals(kind)) {
            throw new IllegalArgumentException(source + ": field kind: expected Pod but found " + kind);
        }
        if (!(tree.get("metadata") instanceof Map<?, ?> meta) || !(meta.get("name") instanceof String)) {
            throw new IllegalArgumentException(source + ": field metadata.name: missing");
        }
        if (!(tree.get("spec") instanceof Map<?, ?> spec) || !(spec.get("containers") instanceof java.util.List<?>)) {
            throw new IllegalArgumentException(source + ": field spec.containers: missing");
        }
        return tree;
    }
}
