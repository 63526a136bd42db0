package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A cursor on one value of a {@link LocatedTree}: typed accessors that fail with a
 * {@link ScenarioException} naming file, line and this value's field path.
 */
public final class ScenarioNode {

    private final LocatedTree tree;
    private final JsonNode node;
    private final @Nullable ScenarioNode parent;
    /** The key under the parent mapping, or null for a list item. */
    private final @Nullable String key;
    private final int index;

    private ScenarioNode(LocatedTree tree, JsonNode node, @Nullable ScenarioNode parent, @Nullable String key,
                         int index) {
        this.tree = tree;
        this.node = node;
        this.parent = parent;
        this.key = key;
        this.index = index;
    }

    /** The document root. */
    public static ScenarioNode root(LocatedTree tree) {
        return new ScenarioNode(tree, tree.root(), null, null, -1);
    }

    /** The field path, e.g. {@code steps[2].submit.tenant}; built on demand (only errors need it). */
    public String path() {
        if (parent == null) {
            return "";
        }
        return key != null ? LocatedTree.child(parent.path(), key) : LocatedTree.index(parent.path(), index);
    }

    public JsonNode json() {
        return node;
    }

    public int line() {
        return tree.lineOf(path());
    }

    /** An error located at this value. */
    public ScenarioException error(String problem) {
        return new ScenarioException(tree.file(), line(), path(), problem);
    }

    /** Fails unless this is a mapping whose keys are all among {@code allowed}. */
    public ScenarioNode object(String... allowed) {
        if (!node.isObject()) {
            throw error("expected a mapping, got " + describe(node));
        }
        Set<String> ok = Set.of(allowed);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!ok.contains(k)) {
                throw child(k).error("unknown key (expected one of: " + String.join(", ", new TreeSet<>(ok)) + ")");
            }
        }
        return this;
    }

    public boolean has(String key) {
        return node.has(key) && !node.get(key).isNull();
    }

    /** The child value, which must be present. */
    public ScenarioNode get(String key) {
        if (!has(key)) {
            throw error("missing required key '" + key + "'");
        }
        return child(key);
    }

    /** The child value, or {@code null} when absent or null. */
    public @Nullable ScenarioNode opt(String key) {
        return has(key) ? child(key) : null;
    }

    /** Exactly one of {@code keys} present: its name. */
    public String oneOf(String what, String... keys) {
        List<String> present = Arrays.stream(keys).filter(this::has).toList();
        if (present.size() != 1) {
            throw error(what + " needs exactly one of " + String.join(", ", keys)
                    + (present.isEmpty() ? "" : "; found " + String.join(", ", present)));
        }
        return present.get(0);
    }

    private ScenarioNode child(String k) {
        return new ScenarioNode(tree, node.path(k), this, k, -1);
    }

    public String text() {
        if (!node.isTextual() || node.asText().isBlank()) {
            throw error("expected a non-empty string, got " + describe(node));
        }
        return node.asText();
    }

    /** A scalar written as text or a number, e.g. {@code 5m} or {@code 20000}. */
    public String scalar() {
        if (!node.isValueNode() || node.isNull()) {
            throw error("expected a value, got " + describe(node));
        }
        return node.asText();
    }

    public String text(String key, String dflt) {
        return has(key) ? get(key).text() : dflt;
    }

    /** A string that must be one of {@code values}. */
    public String choice(String... values) {
        String s = scalar();
        if (!Arrays.asList(values).contains(s)) {
            throw error("must be one of " + String.join(", ", values) + ", got '" + s + "'");
        }
        return s;
    }

    public int integer() {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw error("expected a whole number, got " + describe(node));
        }
        return node.intValue();
    }

    /** A whole number >= {@code min}. */
    public int integer(int min) {
        int v = integer();
        if (v < min) {
            throw error("must be >= " + min + ", got " + v);
        }
        return v;
    }

    public double number() {
        if (!node.isNumber()) {
            throw error("expected a number, got " + describe(node));
        }
        return node.doubleValue();
    }

    public boolean bool() {
        if (!node.isBoolean()) {
            throw error("expected true or false, got " + describe(node));
        }
        return node.booleanValue();
    }

    public List<ScenarioNode> list() {
        if (!node.isArray()) {
            throw error("expected a list, got " + describe(node));
        }
        List<ScenarioNode> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(new ScenarioNode(tree, node.get(i), this, null, i));
        }
        return out;
    }

    /** The entries of a mapping, in file order. */
    public Map<String, ScenarioNode> entries() {
        if (!node.isObject()) {
            throw error("expected a mapping, got " + describe(node));
        }
        Map<String, ScenarioNode> out = new LinkedHashMap<>();
        node.fieldNames().forEachRemaining(k -> out.put(k, child(k)));
        return out;
    }

    /** A list of non-empty strings. */
    public List<String> texts() {
        return list().stream().map(ScenarioNode::scalar).toList();
    }

    static String describe(JsonNode n) {
        if (n.isMissingNode() || n.isNull()) {
            return "nothing";
        }
        if (n.isObject()) {
            return "a mapping";
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isTextual()) {
            return "\"" + n.asText() + "\"";
        }
        return n.asText();
    }
}
