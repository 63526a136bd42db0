package io.gpulab.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;

/**
 * The one JSON writer of every {@code --json} output (docs/json-output.md): pretty, in the property order the records
 * declare, times ({@link java.time.Instant}, durations) as ISO-8601 text, and the whole document built before a byte
 * is printed, so a value that cannot be written ends in one line on stderr, never in half a document on stdout.
 */
final class JsonOutput {

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .build();

    private JsonOutput() {
    }

    /**
     * Prints {@code value} as one JSON document and a newline, or nothing: on failure prints {@code gpulab COMMAND:
     * cannot write the answer as JSON: why} to stderr and returns false.
     */
    static boolean print(CommandSpec spec, Object value) {
        String text;
        try {
            text = MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            CliSupport.err(spec).println("gpulab " + spec.name() + ": cannot write the answer as JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
            return false;
        }
        PrintWriter out = CliSupport.out(spec);
        out.println(text);
        out.flush();
        return true;
    }
}
