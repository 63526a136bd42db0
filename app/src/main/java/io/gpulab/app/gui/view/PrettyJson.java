package io.gpulab.app.gui.view;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jspecify.annotations.Nullable;

/** Annotation values that are JSON (HAMi's device registrations and allocations), indented for reading. */
public final class PrettyJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PrettyJson() {
    }

    /** The indented document, or null when {@code text} is not a JSON object or array. */
    public static @Nullable String format(String text) {
        String t = text.trim();
        if (!(t.startsWith("{") && t.endsWith("}")) && !(t.startsWith("[") && t.endsWith("]"))) {
            return null;
        }
        try {
            JsonNode node = JSON.readTree(t);
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
