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
                what = what.startsWith("Cannot map `null`") ? column + ": empty where a number is required"
                        : column + ": " + what;
            }
            String first = what.lines().findFirst().orElse(what);
            throw new IOException(file + ":" + line + ": " + (first.length() > 300 ? first.substring(0, 300) + "..." : first),
                    e);
        }
    }
}
