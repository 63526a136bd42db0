package io.gpulab.engine.scenario;

import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * What a YAML document may not hold although YAML allows it: lines too long for SnakeYAML to parse in bounded time,
 * and aliases and anchors, which Jackson would hand on as other values.
 */
final class YamlRefusals {

    private YamlRefusals() {
    }

    /**
     * SnakeYAML's time grows with the square of a line's length (it copies its window per 1,024 characters
     * of a scalar), so a YAML line past {@link ReaderLimits#MAX_YAML_LINE_CHARS} is refused before parsing;
     * this pass is linear.
     */
    static void checkLineLengths(String file, String text) {
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

    /**
     * Aliases ({@code *name}) and anchors ({@code &name}) are refused by name: Jackson's YAML reader hands an
     * alias on as its anchor's name, which would silently turn a value into a different one.
     */
    static void refuseAliases(String file, String text, YAMLParser y, TreeCursor path) throws IOException {
        if (y.isCurrentAlias()) {
            throw new ScenarioException(file, TreeParser.line(y), path.toString(), "YAML aliases (*" + Quote.clip(y.getText())
                    + ") are not supported: write the value out");
        }
        String anchor = y.getCurrentAnchor();
        if (anchor == null && y.currentToken().isScalarValue()) {
            anchor = scalarAnchor(text, y.currentTokenLocation().getCharOffset());
        }
        if (anchor != null) {
            throw new ScenarioException(file, TreeParser.line(y), path.toString(), "YAML anchors (&" + Quote.clip(anchor)
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
}
