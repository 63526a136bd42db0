package io.gpulab.app.gui.walkthrough;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Loads walkthrough files ({@code gpulab/walkthroughs/*.yaml} in assets); errors name file, line, field. */
public final class WalkthroughLoader {

    /** The walkthroughs shipped in assets, in menu order. */
    public static final List<String> BUILT_IN = List.of("article-eight-tests", "running-is-not-proof", "node-lock");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private WalkthroughLoader() {
    }

    /** Every built-in walkthrough. */
    public static List<Walkthrough> builtIns() {
        List<Walkthrough> all = new ArrayList<>();
        for (String id : BUILT_IN) {
            String path = "gpulab/walkthroughs/" + id + ".yaml";
            try (InputStream in = WalkthroughLoader.class.getClassLoader().getResourceAsStream(path)) {
                if (in == null) {
                    throw new IllegalStateException(path + ": not found on the classpath");
                }
                all.add(parse(path, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new IllegalStateException(path + ": " + e.getMessage(), e);
            }
        }
        return all;
    }

    /** Parses one walkthrough document. */
    public static Walkthrough parse(String file, String text) {
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new IllegalArgumentException(file + ":" + line + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": expected a mapping");
        }
        List<WalkthroughStep> steps = new ArrayList<>();
        JsonNode list = root.path("steps");
        if (!list.isArray() || list.isEmpty()) {
            throw new IllegalArgumentException(file + ": field steps: expected a non-empty list");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode s = list.get(i);
            String at = file + ": steps[" + i + "]";
            if (!s.has("check")) {
                throw new IllegalArgumentException(at + ".check: missing");
            }
            steps.add(new WalkthroughStep(req(s, at, "title"), s.path("text").asText(""), req(s, at, "action"),
                    CheckParser.parse(s.get("check"), at + ".check")));
        }
        return new Walkthrough(req(root, file, "id"), req(root, file, "title"), root.path("summary").asText(""),
                root.path("scenario").asText("article"), steps);
    }

    private static String req(JsonNode n, String at, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isValueNode() || v.asText().isBlank()) {
            throw new IllegalArgumentException(at + ": field " + field + ": missing");
        }
        return v.asText();
    }
}
