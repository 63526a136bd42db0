package io.gpulab.engine.api;

/**
 * One MIG instance on a card in {@code mig} mode.
 *
 * @param profile e.g. {@code 1g.10gb}
 * @param start   first memory slice
 * @param size    memory slices it spans
 * @param pod     the pod holding it ({@code ns/name})
 */
public record MigInstanceView(String profile, int start, int size, String pod) {
}
