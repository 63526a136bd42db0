package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A cursor on one value of a {@link LocatedTree}: typed accessors that fail with a
 * {@link ScenarioException} naming file, line and this value's field path.
 */
public final class ScenarioNode {

    /** The value of a key that is not there (told apart from an explicit {@code null}). */
    private static final Object MISSING = new Object();

    private final LocatedTree tree;
    private final @Nullable Object node;
    private final @Nullable ScenarioNode parent;
    /** The key under the parent mapping, or null for a list item. */
    private final @Nullable String key;
    private final int index;

    private ScenarioNode(LocatedTree tree, @Nullable Object node, @Nullable ScenarioNode parent, @Nullable String key,
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

    /**
     * The value as parsed: a {@code Map<String, Object>} (file order), a {@code List}, a {@code String},
     * {@code Integer}, {@code Long}, {@code BigInteger}, {@code Double}, {@code Boolean}, or {@code null}
     * when absent or null.
     */
    public @Nullable Object value() {
        return node == MISSING ? null : node;
    }

    public int line() {
        if (key == null && parent != null && parent.key != null && parent.parent != null
                && parent.parent.parent == null) {
            // an item of a top-level list, e.g. steps[i]: recorded by index, no path string needed
            int l = tree.itemLine(parent.key, index);
            if (l > 0) {
                return l;
            }
        }
        return tree.lineOf(path());
    }

    /** An error located at this value. */
    public ScenarioException error(String problem) {
        return new ScenarioException(tree.file(), line(), path(), problem);
    }

    /** Fails unless this is a mapping whose keys are all among {@code allowed}. */
    public ScenarioNode object(String... allowed) {
        for (String k : map().keySet()) {
            if (!contains(allowed, k)) {
                throw child(k).error("unknown key (expected one of: "
                        + String.join(", ", new TreeSet<>(Arrays.asList(allowed))) + ")");
            }
        }
        return this;
    }

    private static boolean contains(String[] keys, String k) {
        for (String a : keys) {
            if (a.equals(k)) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private Map<String, @Nullable Object> map() {
        if (!(node instanceof Map<?, ?>)) {
            throw error("expected a mapping, got " + describe(node));
        }
        return (Map<String, @Nullable Object>) node;
    }

    public boolean has(String key) {
        return node instanceof Map<?, ?> m && m.get(key) != null;
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
        List<String> present = new ArrayList<>(1);
        for (String k : keys) {
            if (has(k)) {
                present.add(k);
            }
        }
        if (present.size() != 1) {
            throw error(what + " needs exactly one of " + String.join(", ", keys)
                    + (present.isEmpty() ? "" : "; found " + String.join(", ", present)));
        }
        return present.get(0);
    }

    private ScenarioNode child(String k) {
        Object v = node instanceof Map<?, ?> m && m.containsKey(k) ? m.get(k) : MISSING;
        return new ScenarioNode(tree, v, this, k, -1);
    }

    public String text() {
        if (!(node instanceof String s) || s.isBlank()) {
            throw error("expected a non-empty string, got " + describe(node));
        }
        return s;
    }

    /** A scalar written as text or a number, e.g. {@code 5m} or {@code 20000}. */
    public String scalar() {
        if (node == null || node == MISSING || node instanceof Map<?, ?> || node instanceof List<?>) {
            throw error("expected a value, got " + describe(node));
        }
        return node.toString();
    }

    public String text(String key, String dflt) {
        return has(key) ? get(key).text() : dflt;
    }

    /** A string that must be one of {@code values}. */
    public String choice(String... values) {
        String s = scalar();
        if (!Arrays.asList(values).contains(s)) {
            throw error("must be one of " + String.join(", ", values) + ", got '" + Quote.clip(s) + "'");
        }
        return s;
    }

    public int integer() {
        if (node instanceof Integer i) {
            return i;
        }
        if (node instanceof Long l && l == l.intValue()) {
            return l.intValue();
        }
        throw error("expected a whole number, got " + describe(node));
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
        if (!(node instanceof Number n)) {
            throw error("expected a number, got " + describe(node));
        }
        return n.doubleValue();
    }

    public boolean bool() {
        if (!(node instanceof Boolean b)) {
            throw error("expected true or false, got " + describe(node));
        }
        return b;
    }

    public List<ScenarioNode> list() {
        if (!(node instanceof List<?> items)) {
            throw error("expected a list, got " + describe(node));
        }
        List<ScenarioNode> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(new ScenarioNode(tree, items.get(i), this, null, i));
        }
        return out;
    }

    /** The entries of a mapping, in file order. */
    public Map<String, ScenarioNode> entries() {
        Map<String, ScenarioNode> out = new LinkedHashMap<>();
        for (String k : map().keySet()) {
            out.put(k, child(k));
        }
        return out;
    }

    /** Fails unless this is a mapping; cheaper than {@link #entries()} when only the check is wanted. */
    public ScenarioNode mapping() {
        map();
        return this;
    }

    /** A list of non-empty strings. */
    public List<String> texts() {
        return list().stream().map(ScenarioNode::scalar).toList();
    }

    static String describe(@Nullable Object n) {
        if (n == null || n == MISSING) {
            return "nothing";
        }
        if (n instanceof Map<?, ?>) {
            return "a mapping";
        }
        if (n instanceof List<?>) {
            return "a list";
        }
        if (n instanceof String s) {
            return "\"" + Quote.clip(s) + "\"";
        }
        return Quote.clip(n.toString());
    }
}
