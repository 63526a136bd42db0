package io.gpulab.engine.yaml;

import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.parser.ParserImpl;

import java.io.CharArrayReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

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

    /** Jackson's parser on a given SnakeYAML parser (its constructor for that is protected). */
    private static final class Parser extends YAMLParser {
        Parser(IOContext ctxt, int parserFeatures, int formatFeatures, ObjectCodec codec, Reader reader,
               ParserImpl yaml) {
            super(ctxt, parserFeatures, formatFeatures, codec, reader, yaml);
        }
    }
}
