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
    public static final List<String> BUILT_IN = List.of("article-eight-tests", "running-is-not-proof", "node-lock",
            "what-the-tenants-share");

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
            known(s, at, "title", "text", "now", "action", "then", "check", "inspect", "routes");
            List<WalkthroughStep.Statement> now = new ArrayList<>();
            for (int k = 0; k < s.path("now").size(); k++) {
                JsonNode n = s.path("now").get(k);
                String nat = at + ".now[" + k + "]";
                now.add(new WalkthroughStep.Statement(req(n, nat, "text"), CheckParser.parse(n.path("check"),
                        nat + ".check")));
            }
            List<String> inspect = new ArrayList<>();
            s.path("inspect").forEach(c -> inspect.add(c.asText()));
            steps.add(new WalkthroughStep(req(s, at, "title"), s.path("text").asText(""), now, req(s, at, "action"),
                    s.path("then").asText(""), CheckParser.parse(s.get("check"), at + ".check"), inspect,
                    routes(s.path("routes"), at + ".routes")));
        }
        List<String> opens = new ArrayList<>();
        for (int k = 0; k < root.path("opens").size(); k++) {
            String part = root.path("opens").get(k).asText();
            if (!Walkthrough.OPENABLE.contains(part)) {
                throw new IllegalArgumentException(file + ": opens[" + k + "]: unknown part '" + part + "' (known: "
                        + Walkthrough.OPENABLE + ")");
            }
            opens.add(part);
        }
        return new Walkthrough(req(root, file, "id"), req(root, file, "title"), root.path("summary").asText(""),
                root.path("scenario").asText("article"), steps, opens);
    }

    private static List<List<WalkthroughStep.RouteAction>> routes(JsonNode list, String at) {
        List<List<WalkthroughStep.RouteAction>> out = new ArrayList<>();
        for (int r = 0; r < list.size(); r++) {
            List<WalkthroughStep.RouteAction> route = new ArrayList<>();
            for (int k = 0; k < list.get(r).size(); k++) {
                JsonNode a = list.get(r).get(k);
                String where = at + "[" + r + "][" + k + "]";
                if (!a.isObject() || a.size() != 1) {
                    throw new IllegalArgumentException(where + ": expected one action, e.g. {click: unlock}");
                }
                String kind = a.fieldNames().next();
                if (!WalkthroughStep.RouteAction.KINDS.contains(kind)) {
                    throw new IllegalArgumentException(where + ": unknown action '" + kind + "' (known: "
                            + WalkthroughStep.RouteAction.KINDS + ")");
                }
                java.util.Map<String, String> args = new java.util.LinkedHashMap<>();
                JsonNode v = a.get(kind);
                if (v.isValueNode()) {
                    args.put("id", v.asText());
                } else {
                    v.fields().forEachRemaining(e -> args.put(e.getKey(), e.getValue().asText()));
                }
                route.add(new WalkthroughStep.RouteAction(kind, args));
            }
            out.add(route);
        }
        return out;
    }

    private static void known(JsonNode n, String at, String... fields) {
        java.util.Set<String> ok = java.util.Set.of(fields);
        n.fieldNames().forEachRemaining(f -> {
            if (!ok.contains(f)) {
                throw new IllegalArgumentException(at + "." + f + ": unknown field");
            }
        });
    }

    private static String req(JsonNode n, String at, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isValueNode() || v.asText().isBlank()) {
            throw new IllegalArgumentException(at + ": field " + field + ": missing");
        }
        return v.asText();
    }
}
