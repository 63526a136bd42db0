package io.gpulab.engine.scenario;

import java.time.Duration;

/**
 * The documented maxima of everything gpulab reads (scenario files, imported traces), each checked before
 * anything is allocated for it, so a hostile or mistaken file ends in a one-line error, never in gigabytes
 * of memory, a hang or a stack overflow. docs/scenario-format.md ("Limits") lists the same values.
 */
public final class ReaderLimits {

    /**
     * Largest file read. A saturated fleet of 20,000 workers with 300,000 pods is 95 MB of JSON (the 1,213-node openb
     * replay 6.4 MB); reading the largest file allowed stays within a few GB (docs/scenario-format.md, "Limits",
     * gives the measured peaks), while anything larger is refused before a byte is read.
     */
    public static final long MAX_FILE_BYTES = 256L * 1024 * 1024;
    /**
     * Maps and lists in one file. Each costs ~80 bytes in memory for as little as two characters of text ({@code {}}),
     * so this and {@link #MAX_VALUES}, not the file size, bound the memory a hostile file can take (a 20,000-worker
     * lab with 300,000 pods has about 3 million).
     */
    public static final int MAX_CONTAINERS = 8_000_000;
    /**
     * Values of any kind in one file (maps, lists, texts, numbers, booleans, nulls): a number costs up to 20 bytes for
     * four characters ({@code 1e0,}). The 20,000-worker lab with 300,000 pods has about 6 million.
     */
    public static final int MAX_VALUES = 24_000_000;
    /**
     * Longest line of a YAML file. SnakeYAML copies its window for every 1,024 characters of one scalar, so its
     * time grows with the square of a line's length; a bound on the line keeps a whole file linear. JSON files
     * (read by Jackson's own parser, linear) have no line limit.
     */
    public static final int MAX_YAML_LINE_CHARS = 64 * 1024;
    /** Steps in a scenario. The size of a lab (cards per worker, workers, pods) is bounded by {@link
     * io.gpulab.engine.lab.LabLimits}. */
    public static final int MAX_STEPS = 1_000_000;
    /** Characters of a duration ({@code 1h30m}); longer ones are refused before they are read. */
    public static final int MAX_DURATION_CHARS = 256;
    /** Longest duration, for {@code advance} and {@code nodeLockExpire} (ten years). */
    public static final Duration MAX_DURATION = Duration.ofDays(3650);

    private ReaderLimits() {
    }
}
