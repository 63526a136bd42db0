package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/** Writes a scenario tree as YAML that reads back the same: strings that look like numbers stay quoted. */
public final class ScenarioYaml {

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());

    private ScenarioYaml() {
    }

    public static void write(Object doc, Writer out) throws IOException {
        YAML.writeValue(out, doc);
    }

    /** As UTF-8. */
    public static void write(Object doc, OutputStream out) throws IOException {
        YAML.writeValue(out, doc);
    }

    public static String toString(Object doc) throws IOException {
        return YAML.writeValueAsString(doc);
    }
}
