package io.gpulab.engine.yaml;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.resolver.Resolver;

import java.io.CharArrayReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.HashMap;
import java.util.Map;

/**
 * Jackson's YAML factory reading through {@link LinearStreamReader}: the same tokens and locations as Jackson's own,
 * in time linear in the input however long one value is.
 */
public final class LinearYaml extends YAMLFactory {

    private static final long serialVersionUID = 1L;

    private LinearYaml(YAMLFactoryBuilder b) {
        super(b);
    }

    /** A factory with these loader options (code point limit, aliases, nesting depth). */
    public static YAMLFactory factory(LoaderOptions options) {
        return new LinearYaml(YAMLFactory.builder().loaderOptions(options));
    }

    @Override
    public YAMLFactory copy() {
        return new LinearYaml(rebuild());
    }

    @Override
    protected YAMLParser _createParser(InputStream in, IOContext ctxt) throws IOException {
        return parser(ctxt, _createReader(in, null, ctxt));
    }

    @Override
    protected YAMLParser _createParser(Reader r, IOContext ctxt) {
        return parser(ctxt, r);
    }

    @Override
    protected YAMLParser _createParser(char[] data, int offset, int len, IOContext ctxt, boolean recyclable) {
        return parser(ctxt, new CharArrayReader(data, offset, len));
    }

    @Override
    protected YAMLParser _createParser(byte[] data, int offset, int len, IOContext ctxt) throws IOException {
        return parser(ctxt, _createReader(data, offset, len, null, ctxt));
    }

    private YAMLParser parser(IOContext ctxt, Reader r) {
        return new Parser(ctxt, _parserFeatures, _yamlParserFeatures, _objectCodec, r,
                new ParserImpl(new LinearStreamReader(r), _loaderOptions == null ? new LoaderOptions() : _loaderOptions));
    }

    /**
     * Jackson's parser on a given SnakeYAML parser (its constructor for that is protected), which types a scalar
     * without a regular expression where the answer is known: Jackson asks SnakeYAML's {@link Resolver} of every
     * scalar whether it is a number, boolean or null, by regular expressions chosen by the first character. A quoted
     * scalar, or a plain one whose first character no expression starts with, is a string without asking; others are
     * asked once per distinct short value (a dump repeats {@code 500m}, {@code Running}, {@code true} many times).
     * The answers are the resolver's own, so the tokens are the same (4 % of a 200 MB import's CPU went to the
     * regular expressions).
     */
    private static final class Parser extends YAMLParser {
        private static final int CACHED_LENGTH = 64;
        private static final int CACHED_VALUES = 4096;
        private static final Types TYPES = new Types();

        private final Map<String, Boolean> strings = new HashMap<>();

        Parser(IOContext ctxt, int parserFeatures, int formatFeatures, ObjectCodec codec, Reader reader,
               ParserImpl yaml) {
            super(ctxt, parserFeatures, formatFeatures, codec, reader, yaml);
        }

        @Override
        protected JsonToken _decodeScalar(ScalarEvent scalar) throws IOException {
            String value = scalar.getValue();
            String tag = scalar.getTag();
            if (!value.isEmpty() && (tag == null || "!".equals(tag)) && isString(value,
                    scalar.getImplicit().canOmitTagInPlainScalar())) {
                // what YAMLParser does for a scalar its resolver calls a string
                _textValue = value;
                _cleanedTextValue = null;
                return JsonToken.VALUE_STRING;
            }
            return super._decodeScalar(scalar);
        }

        /** Whether the resolver answers {@link Tag#STR}; false where it may not (the superclass then asks it). */
        private boolean isString(String value, boolean plain) {
            if (!plain || !TYPES.mayType(value.charAt(0))) {
                return true;
            }
            if (value.length() > CACHED_LENGTH) {
                return false;
            }
            Boolean known = strings.get(value);
            if (known == null) {
                known = TYPES.resolve(NodeId.scalar, value, true) == Tag.STR;
                if (strings.size() < CACHED_VALUES) {
                    strings.put(value, known);
                }
            }
            return known;
        }
    }

    /** SnakeYAML's resolver (the one Jackson's parser makes), asked which first characters it types. */
    private static final class Types extends Resolver {
        private final boolean[] mayType = new boolean[128];
        private final boolean any;

        Types() {
            for (Character c : yamlImplicitResolvers.keySet()) {
                if (c != null && c < 128) {
                    mayType[c] = true;
                }
            }
            any = yamlImplicitResolvers.containsKey(null);
        }

        /** Whether a plain scalar starting with {@code c} may be typed other than as a string. */
        boolean mayType(char c) {
            return any || (c < 128 ? mayType[c] : yamlImplicitResolvers.containsKey(c));
        }
    }
}
