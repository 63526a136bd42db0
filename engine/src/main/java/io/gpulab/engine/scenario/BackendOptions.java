package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;

/**
 * What a backend may need besides the lab: for {@code cluster}, the management cluster's kubeconfig
 * and context ({@code null} = the usual defaults: {@code $KUBECONFIG}, {@code ~/.kube/config}, current context).
 */
public record BackendOptions(@Nullable Path kubeconfig, @Nullable String context, boolean allowWrites) {

    /** Read-only options (writes to a real cluster need {@code --allow-writes}). */
    public BackendOptions(@Nullable Path kubeconfig, @Nullable String context) {
        this(kubeconfig, context, false);
    }

    /** No options: what {@code sim} needs. */
    public static final BackendOptions NONE = new BackendOptions(null, null);
}
