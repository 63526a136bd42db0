package io.gpulab.engine.kind;

/** Progress of {@code kind up}: step {@code index} of {@code total} (from 1). */
public record StepProgress(int index, int total, String id, String title, State state, String detail) {

    /** RUNNING before apply; SKIPPED when already done; DONE after apply; FAILED with the reason. */
    public enum State { RUNNING, SKIPPED, DONE, FAILED }
}
