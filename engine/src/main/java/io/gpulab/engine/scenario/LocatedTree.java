package io.gpulab.engine.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML or JSON document as a Jackson tree that can tell the line of any field path (a plain
 * {@code readTree} forgets locations, which error messages need). Lines are only needed for errors, so
 * the path-to-line index is built on first use by a second pass of Jackson's streaming parser over the
 * kept text; large imported traces load without paying for it.
 */
public final class LocatedTree {

    private static final JsonFactory JSON = new JsonFactory();
    /** Imported traces are large (the openb replay is ~4 MB of YAML); SnakeYAML's default cap is 3 MB. */
    private static final YAMLFactory YAML = YAMLFactory.builder().loaderOptions(loaderOptions()).build();

    private final String file;
    private final JsonNode root;
    private final String text;
    private final boolean json;
    /** Lines of the paths at most two levels deep (e.g. {@code steps[3]}), recorded while parsing. */
    private final Map<String, Integer> shallow;
    private @Nullable Map<String, Integer> lines;

    private LocatedTree(String file, JsonNode root, String text, boolean json, Map<String, Integer> shallow) {
        this.file = file;
        this.root = root;
        this.text = text;
        this.json = json;
        this.shallow = shallow;
    }

    /** The name used in error messages. */
    public String file() {
        return file;
    }

    /** The document. */
    public JsonNode root() {
        return root;
    }

    /**
     * Reads a document; JSON when {@code json} is true, else YAML.
     *
     * @throws ScenarioException for malformed syntax or a duplicate key, naming file and line
     */
    public static LocatedTree read(String file, Reader in, boolean json) {
        String text;
        try {
            StringWriter w = new StringWriter(1 << 16);
            in.transferTo(w);
            text = w.toString();
        } catch (IOException e) {
            throw new ScenarioException(file, 0, "", "cannot read: " + e.getMessage());
        }
        Map<String, Integer> shallow = new HashMap<>();
        JsonNode root = parse(file, text, json, shallow, 2);
        return new LocatedTree(file, root, text, json, shallow);
    }

    /** Parses {@code text}, recording in {@code lines} the line of every path up to {@code depth} segments. */
    private static JsonNode parse(String file, String text, boolean json, Map<String, Integer> lines, int depth) {
        try (JsonParser p = (json ? JSON : YAML).createParser(text)) {
            if (p.nextToken() == null) {
                throw new ScenarioException(file, 1, "", "the document is empty");
            }
            JsonNode root = walk(file, p, new Cursor(depth), lines);
            if (p.nextToken() != null) {
                throw new ScenarioException(file, line(p), "", "only one document is allowed per file");
            }
            return root;
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ScenarioException(file, Math.max(line, 0), "", "malformed " + (json ? "JSON" : "YAML")
                    + ": " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new ScenarioException(file, 0, "", "cannot read: " + e.getMessage());
        }
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions o = new LoaderOptions();
        o.setCodePointLimit(256 * 1024 * 1024);
        return o;
    }

    /** The path of field {@code key} under {@code parent}; keys with dots or slashes are quoted. */
    public static String child(String parent, String key) {
        String k = plain(key) ? key : '"' + key.replace("\"", "\\\"") + '"';
        return parent.isEmpty() ? k : parent + "." + k;
    }

    private static boolean plain(String key) {
        if (key.isEmpty()) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** The path of item {@code i} of the array at {@code parent}. */
    public static String index(String parent, int i) {
        return parent + "[" + i + "]";
    }

    /** The line of {@code path}, or of its nearest located ancestor. */
    public int lineOf(String path) {
        Integer known = shallow.get(path);
        if (known != null) {
            return known;
        }
        if (lines == null) {
            Map<String, Integer> index = new HashMap<>();
            parse(file, text, json, index, Integer.MAX_VALUE);
            lines = index;
        }
        String p = path;
        while (true) {
            Integer l = lines.get(p);
            if (l != null) {
                return l;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) {
                return lines.getOrDefault("", 1);
            }
            p = p.substring(0, cut);
        }
    }

    /**
     * The current field path while walking; strings are only built when recording lines or failing, so
     * the common load pays for none of them.
     */
    private static final class Cursor {
        private final java.util.ArrayList<Object> segments = new java.util.ArrayList<>();
        private final int depth;

        Cursor(int depth) {
            this.depth = depth;
        }

        /** Whether lines are recorded at the current depth. */
        boolean recording() {
            return segments.size() <= depth;
        }

        void push(Object segment) {
            segments.add(segment);
        }

        void pop() {
            segments.remove(segments.size() - 1);
        }

        @Override
        public String toString() {
            String out = "";
            for (Object s : segments) {
                out = s instanceof Integer i ? index(out, i) : child(out, (String) s);
            }
            return out;
        }
    }

    private static JsonNode walk(String file, JsonParser p, Cursor path, Map<String, Integer> lines)
            throws IOException {
        if (path.recording()) {
            lines.putIfAbsent(path.toString(), line(p));
        }
        JsonNodeFactory nf = JsonNodeFactory.instance;
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode obj = nf.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    path.push(name);
                    if (obj.has(name)) {
                        throw new ScenarioException(file, line(p), path.toString(), "duplicate key");
                    }
                    if (path.recording()) {
                        lines.put(path.toString(), line(p));
                    }
                    p.nextToken();
                    obj.set(name, walk(file, p, path, lines));
                    path.pop();
                }
                return obj;
            }
            case START_ARRAY -> {
                ArrayNode arr = nf.arrayNode();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    path.push(i++);
                    arr.add(walk(file, p, path, lines));
                    path.pop();
                }
                return arr;
            }
            case VALUE_STRING -> {
                return nf.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT -> nf.numberNode(p.getIntValue());
                    case LONG -> nf.numberNode(p.getLongValue());
                    default -> nf.numberNode(p.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return nf.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return nf.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return nf.nullNode();
            }
            default -> throw new ScenarioException(file, line(p), path.toString(), "unexpected " + t);
        }
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }
}
