package io.gpulab.engine.snapshot;

import io.gpulab.engine.scenario.ReaderLimits;

/**
 * The bounds of {@code gpulab import snapshot}, each checked while the dump streams by and named in its error;
 * docs/snapshots.md ("Limits") lists the same values.
 */
public final class DumpLimits {

    /** Largest dump file (a 100,000-pod cluster's {@code -o yaml} dump is about 200 MB). */
    public static final long MAX_DUMP_BYTES = 1024L * 1024 * 1024;
    /** Objects in one dump (items of its Lists and plain documents together). */
    public static final int MAX_OBJECTS = 2_000_000;
    /** Values that YAML aliases may copy in one dump: an alias is resolved, a billion laughs is refused. */
    public static final int MAX_ALIAS_VALUES = 100_000;
    /** Nesting depth of a value (kubectl's deepest, {@code managedFields}, is about 20). */
    public static final int MAX_DEPTH = 200;
    /**
     * Longest value written into the scenario: a longer annotation or label is listed as not imported, since
     * {@code gpulab run} reads YAML lines of at most {@link ReaderLimits#MAX_YAML_LINE_CHARS} characters.
     */
    public static final int MAX_VALUE_CHARS = ReaderLimits.MAX_YAML_LINE_CHARS - 4 * 1024;
    /** Largest scenario an import writes: the largest file {@code gpulab run} reads. */
    public static final long MAX_SCENARIO_BYTES = ReaderLimits.MAX_FILE_BYTES;

    private DumpLimits() {
    }
}
