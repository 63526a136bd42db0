package io.gpulab.engine.openb;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Reads the openb CSV files with Jackson's CSV module (header row names the columns). */
public final class OpenbCsv {

    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(com.fasterxml.jackson.dataformat.csv.CsvParser.Feature.EMPTY_STRING_AS_NULL)
            .build();

    private OpenbCsv() {
    }

    /** @throws IOException naming the file and line of a bad row */
    public static List<OpenbNode> nodes(Path file) throws IOException {
        return read(file, OpenbNode.class);
    }

    /** @throws IOException naming the file and line of a bad row */
    public static List<OpenbPod> pods(Path file) throws IOException {
        return read(file, OpenbPod.class);
    }

    private static <T> List<T> read(Path file, Class<T> type) throws IOException {
        ObjectReader reader = CSV.readerFor(type).with(CsvSchema.emptySchema().withHeader());
        try (MappingIterator<T> it = reader.readValues(file.toFile())) {
            return it.readAll();
        } catch (JsonMappingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            String what = e instanceof MismatchedInputException ? e.getOriginalMessage() : e.getOriginalMessage();
            throw new IOException(file + ":" + line + ": " + what.lines().findFirst().orElse(what), e);
        }
    }
}
