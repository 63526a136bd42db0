package io.gpulab.engine.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.gpulab.engine.api.CompactMap;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * One pass of Jackson's streaming parser over a document, building the plain Java values {@link LocatedTree} holds
 * and recording lines as far as the cursor asks: the first pass keeps shallow lines only, a second builds the whole
 * index when an error needs it.
 */
final class TreeParser {

    private static final JsonFactory JSON = new JsonFactory();
    /** Imported traces are large (the openb replay is ~4 MB of YAML); SnakeYAML's default cap is 3 MB. */
    private static final YAMLFactory YAML = YAMLFactory.builder().loaderOptions(loaderOptions()).build();

    private TreeParser() {
    }

    /** Parses {@code text}, recording in {@code lines} the line of every path up to the cursor's depth. */
    static @Nullable Object parse(String file, String text, boolean json, TreeCursor cursor,
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

    private static LoaderOptions loaderOptions() {
        LoaderOptions o = new LoaderOptions();
        o.setCodePointLimit(256 * 1024 * 1024);
        return o;
    }

    private static @Nullable Object walk(String file, String text, JsonParser p, TreeCursor path,
                                         Map<String, Integer> lines)
            throws IOException {
        if (path.recording()) {
            path.record(lines, line(p));
        }
        if (p instanceof YAMLParser y) {
            YamlRefusals.refuseAliases(file, text, y, path);
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

    static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }
}
