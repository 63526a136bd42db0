package io.gpulab.engine.openb;

import io.gpulab.engine.lab.LabLimits;
import io.gpulab.engine.scenario.Quote;
import io.gpulab.engine.scenario.ReaderLimits;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.SourceText;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What an openb CSV row may hold, checked before anything is built from it, each problem as
 * {@code FILE:LINE: column: what} (rows are on line index + 2, after the header). Found by fuzzing: an
 * empty {@code name} ended in a NullPointerException, far-apart times in a long overflow, a negative
 * {@code gpu} dropped cards, {@code gpu=2147483647} imported and then hung the replay, and a binary file
 * was reported as "--tenants must be between 1 and the number of nodes (0)".
 */
public final class OpenbValidation {

    /** Latest creation or deletion time, in seconds from the trace start (the openb trace spans ~150 days). */
    public static final long MAX_TIME_SECONDS = ReaderLimits.MAX_DURATION.toSeconds();
    /** Rows of one CSV: about 550 bytes of scenario a pod, 100,000 pods stay well within the 256 MiB run reads. */
    public static final int MAX_ROWS = 100_000;
    /**
     * Size of one CSV: the published pod lists are under 1 MB and 100,000 rows of them a few MB, so a CSV keeps the
     * 64 MiB bound scenarios had before fleets needed more ({@link ReaderLimits#MAX_FILE_BYTES}).
     */
    public static final long MAX_CSV_BYTES = 64L * 1024 * 1024;

    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final CardCatalog CATALOG = CardCatalog.builtIn();

    private OpenbValidation() {
    }

    /** The file is a text file within {@link #MAX_CSV_BYTES}: not binary, valid UTF-8. */
    static void textFile(Path file) throws IOException {
        io.gpulab.engine.scenario.InputFile.requireRegular(file, "an openb CSV", MAX_CSV_BYTES);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) MAX_CSV_BYTES + 1);
        }
        String text;
        try {
            text = SourceText.decode(file.toString(), bytes);
        } catch (ScenarioException e) {
            throw new IOException(e.getMessage() + " (expected a CSV text file)", e);
        }
        header(file, text);
        long rows = text.chars().filter(c -> c == '\n').count() - (text.endsWith("\n") ? 1 : 0);
        if (rows > MAX_ROWS) {
            throw new IOException(String.format(Locale.ROOT, "%s: %,d rows; an openb CSV is limited to %,d rows "
                    + "(its scenario must stay within the %d MiB gpulab run reads; the published trace has 8,152 pods)",
                    file, rows, MAX_ROWS, ReaderLimits.MAX_FILE_BYTES >> 20));
        }
    }

    /** A column named twice in the header would keep one of its values silently: refused. */
    private static void header(Path file, String text) throws IOException {
        int nl = text.indexOf('\n');
        String head = (nl < 0 ? text : text.substring(0, nl)).strip();
        Set<String> seen = new HashSet<>();
        for (String column : head.split(",", -1)) {
            String c = column.strip();
            if (c.length() > 1 && c.startsWith("\"") && c.endsWith("\"")) {
                c = c.substring(1, c.length() - 1);
            }
            if (!c.isEmpty() && !seen.add(c)) {
                throw new IOException(file + ":1: column '" + Quote.clip(c) + "' appears twice in the header");
            }
        }
    }

    static List<OpenbNode> nodes(Path file, List<OpenbNode> nodes) throws IOException {
        if (nodes.isEmpty()) {
            throw new IOException(file + ":1: no node rows (expected the header sn,cpu_milli,memory_mib,gpu,model "
                    + "and one row per node)");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            OpenbNode n = nodes.get(i);
            int line = i + 2;
            name(file, line, "sn", n.sn(), names);
            range(file, line, "gpu", n.gpu(), 0, LabLimits.MAX_CARDS_PER_WORKER, "cards per worker");
            // openb_node_list_all_node.csv leaves the model of its CPU-only nodes empty
            if (n.gpu() > 0 || (n.model() != null && !n.model().isBlank())) {
                text(file, line, "model", n.model());
                model(file, line, "model", n.model());
            }
            range(file, line, "cpu_milli", n.cpuMilli(), 0, Integer.MAX_VALUE, "millicores");
            range(file, line, "memory_mib", n.memoryMib(), 0, Integer.MAX_VALUE, "MiB");
        }
        return nodes;
    }

    static List<OpenbPod> pods(Path file, List<OpenbPod> pods) throws IOException {
        long timed = pods.stream().filter(p -> p.creationTime() != null).count();
        if (timed > 0 && timed < pods.size()) {
            // times for every row or for none (a list without time columns arrives in file order)
            for (int i = 0; i < pods.size(); i++) {
                if (pods.get(i).creationTime() == null) {
                    throw new IOException(file + ":" + (i + 2) + ": creation_time: empty while " + timed
                            + " other rows have one (give every row a time, or none)");
                }
            }
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < pods.size(); i++) {
            OpenbPod p = pods.get(i);
            int line = i + 2;
            name(file, line, "name", p.name(), names);
            if (p.gpuSpec() != null && !p.gpuSpec().isBlank()) {
                for (String code : p.gpuSpec().split("\\|")) {
                    model(file, line, "gpu_spec", code.trim());
                }
            }
            range(file, line, "num_gpu", p.numGpu(), 0, LabLimits.MAX_CARDS_PER_WORKER, "cards per worker");
            range(file, line, "gpu_milli", p.gpuMilli(), 0, 1000, "thousandths of one card");
            range(file, line, "cpu_milli", p.cpuMilli(), 0, Integer.MAX_VALUE, "millicores");
            range(file, line, "memory_mib", p.memoryMib(), 0, Integer.MAX_VALUE, "MiB");
            if (p.creationTime() != null) { // a list without time columns arrives in file order
                range(file, line, "creation_time", p.creationTime(), 0, MAX_TIME_SECONDS, "seconds, ten years");
            }
            if (p.deletionTime() != null) {
                range(file, line, "deletion_time", p.deletionTime(), 0, MAX_TIME_SECONDS, "seconds, ten years");
            }
        }
        return pods;
    }

    /** A node or pod name becomes a Kubernetes name (lower-cased) and must be unique in its file. */
    private static void name(Path file, int line, String column, @Nullable String value, Set<String> seen)
            throws IOException {
        text(file, line, column, value);
        String k8s = value.toLowerCase(Locale.ROOT);
        if (k8s.length() > 253 || !DNS_SUBDOMAIN.matcher(k8s).matches()) {
            throw new IOException(file + ":" + line + ": " + column + ": '" + Quote.clip(value) + "' is not a valid "
                    + "Kubernetes name (letters, digits, '-' and '.')");
        }
        if (!seen.add(k8s)) {
            throw new IOException(file + ":" + line + ": " + column + ": '" + Quote.clip(value) + "' appears twice");
        }
    }

    private static void model(Path file, int line, String column, String code) throws IOException {
        if (CATALOG.find(code).isEmpty()) {
            throw new IOException(file + ":" + line + ": " + column + ": unknown card model '" + Quote.clip(code)
                    + "' (`gpulab catalog` lists them; openb's codes are P100, T4, V100M16, V100M32, A10, G1, G2, G3)");
        }
    }

    private static void text(Path file, int line, String column, @Nullable String value) throws IOException {
        if (value == null || value.isBlank()) {
            throw new IOException(file + ":" + line + ": " + column + ": empty; every row needs one");
        }
    }

    private static void range(Path file, int line, String column, long value, long min, long max, String unit)
            throws IOException {
        if (value < min || value > max) {
            throw new IOException(file + ":" + line + ": " + column + ": " + Quote.clip(Long.toString(value))
                    + " is out of range (" + min + " to " + max + " " + unit + ")");
        }
    }
}
