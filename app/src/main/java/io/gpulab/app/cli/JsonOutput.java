package io.gpulab.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * The one JSON writer of every {@code --json} output (docs/json-output.md): pretty, in the property order the records
 * declare, times ({@link java.time.Instant}, durations) as ISO-8601 text. The document streams into a
 * {@link WholeAnswer} and reaches stdout only once it is whole, so a value that cannot be written ends in one line on
 * stderr, never in half a document on stdout; and an answer of gigabytes (a large lab's run with every failed node)
 * is never one string.
 */
final class JsonOutput {

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .build();

    /** The same writer without indentation, for scenario files where size counts ({@code import snapshot}). */
    static final ObjectWriter COMPACT = MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** Writes a whole answer, its last newline included; {@link #print(CommandSpec, String, Body)} prints it whole. */
    @FunctionalInterface
    interface Body {
        void write(Writer out) throws IOException;
    }

    private JsonOutput() {
    }

    /**
     * Prints {@code value} as one JSON document and a newline, or nothing: on failure prints {@code gpulab COMMAND:
     * cannot write the answer as JSON: why} to stderr and returns false.
     */
    static boolean print(CommandSpec spec, Object value) {
        return print(spec, "cannot write the answer as JSON", out -> {
            MAPPER.writeValue(out, value);
            out.write(System.lineSeparator());
        });
    }

    /**
     * Prints what {@code body} writes only once it is whole: on failure prints nothing on stdout and
     * {@code gpulab COMMAND: what: why} on stderr, and returns false.
     */
    static boolean print(CommandSpec spec, String what, Body body) {
        return print(CliSupport.out(spec), CliSupport.err(spec), spec.qualifiedName(" ") + ": " + what,
                body, WholeAnswer.IN_MEMORY_CHARS);
    }

    /** As {@link #print(CommandSpec, String, Body)}, with the failure line's start and the in-memory part given. */
    static boolean print(PrintWriter out, PrintWriter err, String failure, Body body, int inMemory) {
        try (WholeAnswer answer = new WholeAnswer(inMemory)) {
            try {
                body.write(answer);
            } catch (JsonProcessingException e) {
                err.println(failure + ": " + firstLine(e.getOriginalMessage()));
                return false;
            } catch (IOException e) {
                err.println(failure + ": " + GpulabCommand.unexpected(e));
                return false;
            }
            answer.copyTo(out);
            out.flush();
            return true;
        } catch (IOException e) {
            // reading back the temporary file failed after the answer was written: stdout may hold part of it
            err.println(failure + ": " + GpulabCommand.unexpected(e));
            return false;
        }
    }

    private static String firstLine(@Nullable String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
