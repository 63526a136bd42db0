package io.gpulab.mockgpu.plugin;

import java.util.Locale;

/** What the device plugin's {@code Allocate} does after HAMi bound a pod. */
public enum LifecycleMode {
    /** Like the real HAMi plugin: devices handed out, {@code bind-phase: success}, node lock released. */
    COMPLETE,
    /** Like the article's mock plugin: empty response; the lock stays and {@code bind-phase} stays allocating. */
    ARTICLE;

    /** The scenario spelling: {@code complete} or {@code article}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws IllegalArgumentException for anything but {@code complete} or {@code article}
     */
    public static LifecycleMode of(String id) {
        for (LifecycleMode m : values()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("lifecycle must be 'complete' or 'article', got '" + id + "'");
    }
}
