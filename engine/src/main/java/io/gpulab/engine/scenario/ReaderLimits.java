package io.gpulab.engine.scenario;

import java.time.Duration;

/**
 * The documented maxima of everything gpulab reads (scenario files, imported traces), each checked before
 * anything is allocated for it, so a hostile or mistaken file ends in a one-line error, never in gigabytes
 * of memory, a hang or a stack overflow. docs/scenario-format.md ("Limits") lists the same values.
 */
public final class ReaderLimits {

    /** Largest file read (the 1,213-node openb replay is 6.4 MB). */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;
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
