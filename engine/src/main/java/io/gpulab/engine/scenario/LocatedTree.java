package io.gpulab.engine.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.gpulab.engine.api.CompactMap;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
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

    private static final JsonFactory JSON = new JsonFactory();
    /** Imported traces are large (the openb replay is ~4 MB of YAML); SnakeYAML's default cap is 3 MB. */
    private static final YAMLFactory YAML = YAMLFactory.builder().loaderOptions(loaderOptions()).build();

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
            checkLineLengths(file, text);
        }
        Map<String, Integer> shallow = new HashMap<>();
        Map<String, int[]> items = new HashMap<>();
        Object root = parse(file, text, json, new Cursor(2, items), shallow);
        return new LocatedTree(file, root, text, json, shallow, items);
    }

    /** Parses {@code text}, recording in {@code lines} the line of every path up to the cursor's depth. */
    private static @Nullable Object parse(String file, String text, boolean json, Cursor cursor,
                                          Map<String, Integer> lines) {
        try (JsonParser p = (json ? JSON : YAML).createParser(text)) {
            if (p.nextToken() == null) {
                throw new ScenarioException(file, 1, "", "the document is empty");
            }
            Object root = walk(file, text, p, cursor, lines);
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

    /**
     * SnakeYAML's time grows with the square of a line's length (it copies its window per 1,024 characters
     * of a scalar), so a YAML line past {@link ReaderLimits#MAX_YAML_LINE_CHARS} is refused before parsing;
     * this pass is linear.
     */
    private static void checkLineLengths(String file, String text) {
        int line = 1;
        int start = 0;
        int n = text.length();
        for (int i = 0; i <= n; i++) {
            if (i == n || text.charAt(i) == '\n') {
                if (i - start > ReaderLimits.MAX_YAML_LINE_CHARS) {
                    throw new ScenarioException(file, line, "", String.format(java.util.Locale.ROOT,
                            "line %d is %,d characters long; YAML lines are limited to %,d (write a long document "
                            + "as JSON in a .json file, which has no line limit)", line, i - start,
                            ReaderLimits.MAX_YAML_LINE_CHARS));
                }
                line++;
                start = i + 1;
            }
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
            parse(file, text, json, new Cursor(Integer.MAX_VALUE, null), index);
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
        private final @Nullable Map<String, int[]> items;

        /** {@code items}: where to record the lines of top-level lists' items instead of by path, or null. */
        Cursor(int depth, @Nullable Map<String, int[]> items) {
            this.depth = depth;
            this.items = items;
        }

        /** Maps and lists, and values of any kind, built so far: against {@link ReaderLimits#MAX_CONTAINERS} and
         * {@link ReaderLimits#MAX_VALUES}. */
        private int containers;
        private int values;

        /** Counts one more value ({@code container}: a map or list); past a limit the file is refused where it is. */
        void count(String file, JsonParser p, boolean container) {
            if (container && ++containers > ReaderLimits.MAX_CONTAINERS) {
                throw new ScenarioException(file, line(p), toString(), String.format(java.util.Locale.ROOT,
                        "more than %,d maps and lists; a file holds at most %,d (a 20,000-worker lab with 300,000 pods "
                        + "has about 3 million)", ReaderLimits.MAX_CONTAINERS, ReaderLimits.MAX_CONTAINERS));
            }
            if (++values > ReaderLimits.MAX_VALUES) {
                throw new ScenarioException(file, line(p), toString(), String.format(java.util.Locale.ROOT,
                        "more than %,d values (maps, lists, texts, numbers); a file holds at most %,d (a 20,000-worker "
                        + "lab with 300,000 pods has about 6 million)", ReaderLimits.MAX_VALUES, ReaderLimits.MAX_VALUES));
            }
        }

        /** Short texts read so far ("busybox", "main", a tenant), so 50,000 pods hold each once. Bounded. */
        private final Map<String, String> texts = new HashMap<>();

        String text(String s) {
            if (s.length() > 32) {
                return s;
            }
            String known = texts.get(s);
            if (known != null) {
                return known;
            }
            if (texts.size() < 8192) {
                texts.put(s, s);
            }
            return s;
        }

        /** Records the line of the value at the current path (an earlier record of the path wins). */
        void record(Map<String, Integer> lines, int line) {
            if (items != null && segments.size() == 2 && segments.get(0) instanceof String list
                    && segments.get(1) instanceof Integer i) {
                int[] known = items.get(list);
                if (known == null || i >= known.length) {
                    known = java.util.Arrays.copyOf(known == null ? new int[0] : known, Math.max(16, 2 * i + 1));
                    items.put(list, known);
                }
                if (known[i] == 0) {
                    known[i] = line;
                }
                return;
            }
            lines.putIfAbsent(toString(), line);
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

    private static @Nullable Object walk(String file, String text, JsonParser p, Cursor path,
                                         Map<String, Integer> lines)
            throws IOException {
        if (path.recording()) {
            path.record(lines, line(p));
        }
        if (p instanceof YAMLParser y) {
            refuseAliases(file, text, y, path);
        }
        JsonToken t = p.currentToken();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            path.count(file, p, false);
        }
        switch (t) {
            case START_OBJECT -> {
                // compact while small (a pod manifest's maps have 1-4 keys and a replay keeps 50,000 of them for the
                // whole run), hashed once large
                path.count(file, p, true);
                Map<String, @Nullable Object> obj = new CompactMap<>(4);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    path.push(name);
                    if (obj.containsKey(name)) {
                        throw new ScenarioException(file, line(p), path.toString(), "duplicate key");
                    }
                    if (path.recording()) {
                        lines.put(path.toString(), line(p));
                    }
                    p.nextToken();
                    obj.put(name, walk(file, text, p, path, lines));
                    path.pop();
                    if (obj.size() == CompactMap.SMALL && obj instanceof CompactMap) {
                        obj = new LinkedHashMap<>(obj);
                    }
                }
                return obj;
            }
            case START_ARRAY -> {
                path.count(file, p, true);
                ArrayList<@Nullable Object> arr = new ArrayList<>();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    path.push(i++);
                    arr.add(walk(file, text, p, path, lines));
                    path.pop();
                }
                arr.trimToSize();
                return arr;
            }
            case VALUE_STRING -> {
                return path.text(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT -> p.getIntValue();
                    case LONG -> p.getLongValue();
                    default -> p.getBigIntegerValue();
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return t == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new ScenarioException(file, line(p), path.toString(), "unexpected " + t);
        }
    }

    /**
     * Aliases ({@code *name}) and anchors ({@code &name}) are refused by name: Jackson's YAML reader hands an
     * alias on as its anchor's name, which would silently turn a value into a different one.
     */
    private static void refuseAliases(String file, String text, YAMLParser y, Cursor path) throws IOException {
        if (y.isCurrentAlias()) {
            throw new ScenarioException(file, line(y), path.toString(), "YAML aliases (*" + Quote.clip(y.getText())
                    + ") are not supported: write the value out");
        }
        String anchor = y.getCurrentAnchor();
        if (anchor == null && y.currentToken().isScalarValue()) {
            anchor = scalarAnchor(text, y.currentTokenLocation().getCharOffset());
        }
        if (anchor != null) {
            throw new ScenarioException(file, line(y), path.toString(), "YAML anchors (&" + Quote.clip(anchor)
                    + ") are not supported: write each value out");
        }
    }

    /**
     * Jackson reports anchors of mappings and lists but drops those of single values; the value's token starts
     * at its properties, so an anchor is read there: {@code &name value} or {@code !tag &name value}.
     */
    private static @Nullable String scalarAnchor(String text, long offset) {
        if (offset < 0 || offset >= text.length()) {
            return null;
        }
        int i = (int) offset;
        if (text.charAt(i) == '!') {
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            while (i < text.length() && text.charAt(i) == ' ') {
                i++;
            }
        }
        if (i >= text.length() || text.charAt(i) != '&') {
            return null;
        }
        int end = i + 1;
        while (end < text.length() && end - i <= Quote.MAX && ",[]{} \t\r\n".indexOf(text.charAt(end)) < 0) {
            end++;
        }
        return text.substring(i + 1, end);
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }
}
