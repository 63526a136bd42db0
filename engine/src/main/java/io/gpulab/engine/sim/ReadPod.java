package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * A Pod manifest read once, as {@code SubmitPod} reads it, to be submitted to many labs ({@link SimBackend#submit}):
 * a plan replays the same pods on every candidate, arrival order and worker count. Immutable, so labs on other threads
 * share it; a manifest the API server would refuse keeps its error, which each submit then answers with.
 */
public final class ReadPod {

    private final @Nullable ParsedPod parsed;
    private final @Nullable String error;

    private ReadPod(@Nullable ParsedPod parsed, @Nullable String error) {
        this.parsed = parsed;
        this.error = error;
    }

    /** Reads the manifest (never throws: an invalid one keeps its error for the submits). */
    public static ReadPod of(Map<String, Object> manifest) {
        try {
            return new ReadPod(PodManifests.parse(manifest), null);
        } catch (IllegalArgumentException e) {
            return new ReadPod(null, e.getMessage());
        }
    }

    /** {@code namespace/name}, or null for a manifest that could not be read. */
    public @Nullable String key() {
        return parsed == null ? null : parsed.info().key();
    }

    ParsedPod parsed() {
        if (parsed == null) {
            throw new IllegalStateException("unreadable pod: " + error);
        }
        return parsed;
    }

    @Nullable String error() {
        return error;
    }
}
