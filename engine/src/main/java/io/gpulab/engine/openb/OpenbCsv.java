package io.gpulab.engine.openb;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Reads the openb CSV files with Jackson's CSV module (header row names the columns). */
public final class OpenbCsv {

    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(com.fasterxml.jackson.dataformat.csv.CsvParser.Feature.EMPTY_STRING_AS_NULL)
            // an empty number cell is an error, not a silent 0 (an empty num_gpu skipped its pod as CPU-only)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private OpenbCsv() {
    }

    /** @throws IOException naming the file and line of a bad row */
    public static List<OpenbNode> nodes(Path file) throws IOException {
        return OpenbValidation.nodes(file, read(file, OpenbNode.class));
    }

    /** @throws IOException naming the file and line of a bad row */
    public static List<OpenbPod> pods(Path file) throws IOException {
        return OpenbValidation.pods(file, read(file, OpenbPod.class));
    }

    /** Jackson's message without the Java type names a user cannot act on ({@code `java.lang.Long`} -> number). */
    private static String javaFree(String message) {
        return message.replace("`java.lang.Long`", "whole number").replace("`java.lang.Integer`", "whole number")
                .replace("`long`", "whole number").replace("`int`", "whole number")
                .replace("`java.lang.Double`", "number").replace("`double`", "number")
                .replace("`java.lang.String`", "text");
    }

    private static <T> List<T> read(Path file, Class<T> type) throws IOException {
        OpenbValidation.textFile(file);
        ObjectReader reader = CSV.readerFor(type).with(CsvSchema.emptySchema().withHeader());
        try (MappingIterator<T> it = reader.readValues(file.toFile())) {
            return it.readAll();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
            String what = e.getOriginalMessage();
            if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()
                    && m.getPath().get(m.getPath().size() - 1).getFieldName() != null) {
                String column = m.getPath().get(m.getPath().size() - 1).getFieldName();
                Object value = e instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException f
                        ? f.getValue() : null;
                what = what.startsWith("Cannot map `null`") ? column + ": empty where a number is required"
                        : value != null ? column + ": \"" + value + "\" is not a whole number (a row with fewer "
                        + "or more values than the header shifts its columns)"
                        : column + ": " + javaFree(what);
            } else if (what.startsWith("Numeric value (")) {
                // Jackson's "out of range of int (-2147483648 - 2147483647)" without the column: say it as a bound
                what = "a number out of range: " + what.substring("Numeric value ".length(), what.indexOf(')') + 1)
                        + " (at most 2,147,483,647)";
            } else if (what.startsWith("Empty header line")) {
                what = "the file is empty; expected a header line naming the columns";
            }
            String first = what.lines().findFirst().orElse(what);
            throw new IOException(file + ":" + line + ": " + (first.length() > 300 ? first.substring(0, 300) + "..." : first),
                    e);
        }
    }
}
