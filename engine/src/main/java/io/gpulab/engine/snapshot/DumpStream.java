package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;

import io.gpulab.engine.scenario.Quote;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Walks a dump's tokens and hands over its objects one at a time: the items of a {@code List} (wherever {@code kind}
 * stands, JSON puts it after the items) or a document that is an object itself. Only one object is ever built as a
 * tree, so a 200 MB dump needs the memory of its largest object. YAML aliases are resolved against their anchors
 * (Jackson's YAML parser gives an alias as its name), with the values they copy counted against
 * {@link DumpLimits#MAX_ALIAS_VALUES}; merge keys ({@code <<}) merge; a key given twice is refused.
 */
final class DumpStream {

    /** Receives each object with the line it starts on. */
    interface Sink {
        void item(JsonNode item, int line) throws IOException;
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String file;
    private final JsonParser p;
    private final Map<String, JsonNode> anchors = new HashMap<>();
    /**
     * One instance of each short key and value: a Pod's keys, namespace, labels, image, scheduler and quantities
     * repeat from pod to pod, and fabric8's model keeps the very strings built here (a third of the heap a
     * 100,000-pod dump held bound was copies of the same ~30 strings per pod).
     */
    private final Map<String, String> strings = new HashMap<>();
    private long aliasBudget = DumpLimits.MAX_ALIAS_VALUES;

    DumpStream(String file, JsonParser p) {
        this.file = file;
        this.p = p;
    }

    void run(Sink sink) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            int line = line();
            if (t == JsonToken.START_OBJECT) {
                document(sink, line);
            } else if (t == JsonToken.START_ARRAY) {
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    int at = line();
                    sink.item(item(0), at);
                }
            } else {
                JsonNode v = value(0);
                if (!v.isNull()) {
                    throw error(line, "a document is " + v.getNodeType().toString().toLowerCase(Locale.ROOT)
                            + ", not an object or a List");
                }
            }
        }
    }

    /** A document: a List's items streamed one by one, or the document as one object. */
    private void document(Sink sink, int line) throws IOException {
        ObjectNode head = NODES.objectNode();
        boolean list = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = shared(p.currentName());
            JsonToken v = p.nextToken();
            if ("items".equals(field) && v == JsonToken.START_ARRAY && !alias() && !head.has("items")) {
                list = true;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    int at = line();
                    sink.item(item(2), at);
                }
                head.putNull("items");
            } else {
                int at = line();
                JsonNode v1 = value(1);
                if (head.has(field)) {
                    throw error(at, "key '" + Quote.clip(field) + "' appears twice in one mapping");
                }
                head.set(field, v1);
            }
        }
        if (!list && head.path("items").isArray() && head.path("kind").asText("").endsWith("List")) {
            for (JsonNode item : head.path("items")) {
                sink.item(item, line);
            }
        } else if (!list) {
            sink.item(head, line);
        }
    }

    /**
     * An object of the dump: once its {@code kind} has been read (kubectl writes it before metadata, spec and status),
     * the fields the import does not read are skipped without building them ({@link DumpFields#reads}), so neither a
     * Pod's managedFields nor a Secret's data becomes a tree.
     */
    private JsonNode item(int depth) throws IOException {
        if (alias() || p.currentToken() != JsonToken.START_OBJECT) {
            return value(depth);
        }
        String anchor = anchor();
        ObjectNode o = object(depth, new String[2]);
        if (anchor != null) {
            anchors.put(anchor, o);
        }
        return o;
    }

    /** The value at the current token, built whole. */
    private JsonNode value(int depth) throws IOException {
        if (depth > DumpLimits.MAX_DEPTH) {
            throw error(line(), "values are nested more than " + DumpLimits.MAX_DEPTH + " deep (the limit)");
        }
        if (alias()) {
            return resolve(p.getText());
        }
        String anchor = anchor();
        JsonNode v = switch (p.currentToken()) {
            case START_OBJECT -> object(depth, null);
            case START_ARRAY -> array(depth);
            case VALUE_STRING, VALUE_EMBEDDED_OBJECT -> NODES.textNode(shared(p.getText()));
            case VALUE_NUMBER_INT -> NODES.numberNode(p.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT -> NODES.textNode(p.getText());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            default -> NODES.nullNode();
        };
        if (anchor != null) {
            anchors.put(anchor, v);
        }
        return v;
    }

    /**
     * @param item for an object of the dump, its {apiVersion, kind} as read so far (fields are filtered once the kind
     *             is known); null inside values
     */
    private ObjectNode object(int depth, String @org.jspecify.annotations.Nullable [] item) throws IOException {
        ObjectNode o = NODES.objectNode();
        Set<String> merged = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = shared(p.currentName());
            int at = line();
            JsonToken t = p.nextToken();
            if (item != null && item[1] != null && !"<<".equals(field) && !alias()
                    && !DumpFields.reads(item[0], item[1], field, null)) {
                p.skipChildren();
                continue;
            }
            JsonNode v;
            if (item != null && item[1] != null && t == JsonToken.START_OBJECT && !alias()
                    && DumpFields.filtersBelow(item[0], item[1], field)) {
                v = filtered(depth + 1, item, field);
            } else {
                v = value(depth + 1);
            }
            if (item != null && t == JsonToken.VALUE_STRING && ("apiVersion".equals(field) || "kind".equals(field))) {
                item["kind".equals(field) ? 1 : 0] = v.asText();
            }
            if ("<<".equals(field) && (v.isObject() || v.isArray())) {
                for (JsonNode m : v.isArray() ? v : java.util.List.of(v)) {
                    m.properties().forEach(e -> {
                        if (!o.has(e.getKey())) {
                            o.set(e.getKey(), e.getValue());
                            merged.add(e.getKey());
                        }
                    });
                }
            } else if (o.has(field) && !merged.remove(field)) {
                throw error(at, "key '" + Quote.clip(field) + "' appears twice in one mapping");
            } else {
                o.set(field, v);
            }
        }
        return o;
    }

    /** A top-level field of an object of the dump ({@code metadata}, {@code spec}) with only the fields read. */
    private ObjectNode filtered(int depth, String[] item, String top) throws IOException {
        String anchor = anchor();
        ObjectNode o = NODES.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = shared(p.currentName());
            int at = line();
            p.nextToken();
            if (!"<<".equals(field) && !alias() && !DumpFields.reads(item[0], item[1], top, field)) {
                p.skipChildren();
                continue;
            }
            JsonNode v = value(depth + 1);
            if ("<<".equals(field) && (v.isObject() || v.isArray())) {
                for (JsonNode m : v.isArray() ? v : java.util.List.of(v)) {
                    m.properties().forEach(e -> {
                        if (!o.has(e.getKey())) {
                            o.set(e.getKey(), e.getValue());
                        }
                    });
                }
            } else if (o.has(field)) {
                throw error(at, "key '" + Quote.clip(field) + "' appears twice in one mapping");
            } else {
                o.set(field, v);
            }
        }
        if (anchor != null) {
            anchors.put(anchor, o);
        }
        return o;
    }

    /** {@code s}, or the equal string met before (strings of at most 64 characters, up to 65,536 of them). */
    private String shared(String s) {
        if (s.length() > 64) {
            return s;
        }
        String before = strings.get(s);
        if (before != null) {
            return before;
        }
        if (strings.size() < 65_536) {
            strings.put(s, s);
        }
        return s;
    }

    private ArrayNode array(int depth) throws IOException {
        ArrayNode a = NODES.arrayNode();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            a.add(value(depth + 1));
        }
        return a;
    }

    private JsonNode resolve(String name) throws IOException {
        JsonNode target = anchors.get(name);
        if (target == null) {
            throw error(line(), "alias *" + Quote.clip(name) + " has no anchor &" + Quote.clip(name) + " before it");
        }
        aliasBudget -= count(target, aliasBudget + 1);
        if (aliasBudget < 0) {
            throw error(line(), "YAML aliases copy more than " + DumpLimits.MAX_ALIAS_VALUES
                    + " values (the limit; kubectl writes no aliases)");
        }
        return target;
    }

    /** Values in {@code n}, counting at most {@code max}. */
    private static long count(JsonNode n, long max) {
        long c = 1;
        for (JsonNode child : n) {
            if (c >= max) {
                return c;
            }
            c += count(child, max - c);
        }
        return c;
    }

    private boolean alias() {
        return p instanceof YAMLParser y && y.isCurrentAlias();
    }

    private String anchor() throws IOException {
        return p instanceof YAMLParser y ? y.getCurrentAnchor() : null;
    }

    private int line() {
        return Math.max(1, p.currentTokenLocation().getLineNr());
    }

    private IOException error(int line, String what) {
        return new IOException(file + ":" + line + ": " + what);
    }
}
