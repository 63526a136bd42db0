package io.gpulab.engine.scenario;

import com.fasterxml.jackson.core.JsonParser;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The current field path while a document is walked, with what the walk counts against the reader's limits and the
 * lines it records; strings are only built when recording lines or failing, so the common load pays for none of them.
 */
final class TreeCursor {

    private final java.util.ArrayList<Object> segments = new java.util.ArrayList<>();
    private final int depth;
    private final @Nullable Map<String, int[]> items;

    /** {@code items}: where to record the lines of top-level lists' items instead of by path, or null. */
    TreeCursor(int depth, @Nullable Map<String, int[]> items) {
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
            throw new ScenarioException(file, TreeParser.line(p), toString(), String.format(java.util.Locale.ROOT,
                    "more than %,d maps and lists; a file holds at most %,d (a 20,000-worker lab with 300,000 pods "
                    + "has about 3 million)", ReaderLimits.MAX_CONTAINERS, ReaderLimits.MAX_CONTAINERS));
        }
        if (++values > ReaderLimits.MAX_VALUES) {
            throw new ScenarioException(file, TreeParser.line(p), toString(), String.format(java.util.Locale.ROOT,
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
            out = s instanceof Integer i ? LocatedTree.index(out, i) : LocatedTree.child(out, (String) s);
        }
        return out;
    }
}
