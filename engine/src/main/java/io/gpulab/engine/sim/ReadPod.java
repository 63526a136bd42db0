package io.gpulab.engine.sim;

import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.request.WebhookSettings;
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
    private final @Nullable String key;
    /** The webhook's last mutation of this pod (labs on other threads may replace it: each one is whole). */
    private volatile Admission.@Nullable Mutated mutated;

    private ReadPod(@Nullable ParsedPod parsed, @Nullable String error) {
        this.parsed = parsed;
        this.error = error;
        this.key = parsed == null ? null : parsed.info().key();
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
        return key;
    }

    ParsedPod parsed() {
        if (parsed == null) {
            throw new IllegalStateException("unreadable pod: " + error);
        }
        return parsed;
    }

    /** The webhook's mutation of this pod under this config and these settings, if one was kept. */
    Admission.@Nullable Mutated mutated(SchedulerConfig cfg, WebhookSettings settings) {
        Admission.Mutated m = mutated;
        return m != null && m.under(cfg, settings) ? m : null;
    }

    void mutated(Admission.Mutated m) {
        mutated = m;
    }

    @Nullable String error() {
        return error;
    }
}
