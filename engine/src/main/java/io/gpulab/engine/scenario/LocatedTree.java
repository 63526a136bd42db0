package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CompactMap;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A YAML or JSON document as plain Java values that can tell the line of any field path (a plain
 * {@code readValue} forgets locations, which error messages need). Mappings keep file order ({@link CompactMap}s
 * up to {@value CompactMap#SMALL} keys, {@link LinkedHashMap}s beyond), lists are {@link ArrayList}s, scalars {@code String}, {@code Integer}, {@code Long},
 * {@code BigInteger}, {@code Double}, {@code Boolean} or {@code null}: the types Jackson's untyped
 * {@code Map} binding gives, so a Pod manifest is handed on as the very map parsed here, with no second
 * tree and no conversion. Lines are only needed for errors, so the path-to-line index is built on first
 * use by a second pass of Jackson's streaming parser over the kept text; large imported traces load
 * without paying for it.
 */
public final class LocatedTree {

    private final String file;
    private final @Nullable Object root;
    private final String text;
    private final boolean json;
    /** Lines of the paths at most two levels deep (e.g. {@code metadata.name}), recorded while parsing. */
    private final Map<String, Integer> shallow;
    /**
     * Lines of the items of top-level lists (every {@code steps[i]}), recorded while parsing without building
     * a path string per item: a loader asks for the line of every step, and a replay has tens of thousands.
     */
    private final Map<String, int[]> items;
    private @Nullable Map<String, Integer> lines;

    private LocatedTree(String file, @Nullable Object root, String text, boolean json, Map<String, Integer> shallow,
                        Map<String, int[]> items) {
        this.file = file;
        this.root = root;
        this.text = text;
        this.json = json;
        this.shallow = shallow;
        this.items = items;
    }

    /** The name used in error messages. */
    public String file() {
        return file;
    }

    /** The document: a map for any valid scenario. */
    public @Nullable Object root() {
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
        return of(file, text, json);
    }

    /** As {@link #read}, for a document already in memory (no copy of a multi-MB trace). */
    static LocatedTree of(String file, String text, boolean json) {
        if (!json) {
            YamlRefusals.checkLineLengths(file, text);
        }
        Map<String, Integer> shallow = new HashMap<>();
        Map<String, int[]> items = new HashMap<>();
        Object root = TreeParser.parse(file, text, json, new TreeCursor(2, items), shallow);
        return new LocatedTree(file, root, text, json, shallow, items);
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

    /** The number of the file's last line (its end, where a file cut short stops). */
    int lastLine() {
        int line = 1;
        for (int i = 0; i < text.length() - 1; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The line of item {@code i} of the top-level list {@code list}, or 0 when not recorded. */
    int itemLine(String list, int i) {
        int[] lines = items.get(list);
        return lines != null && i < lines.length ? lines[i] : 0;
    }

    /** The line of {@code path}, or of its nearest located ancestor. */
    public int lineOf(String path) {
        Integer known = shallow.get(path);
        if (known != null) {
            return known;
        }
        if (lines == null) {
            Map<String, Integer> index = new HashMap<>();
            TreeParser.parse(file, text, json, new TreeCursor(Integer.MAX_VALUE, null), index);
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

}
