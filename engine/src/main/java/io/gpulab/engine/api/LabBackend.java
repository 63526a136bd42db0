package io.gpulab.engine.api;

import java.util.List;

/**
 * One running lab. Implementations: {@code sim} (in-process, deterministic), {@code kind} (docker-java)
 * and {@code cluster} (fabric8). Commands are applied in order on the backend's own thread; listeners
 * are called in order, never concurrently for one listener, and must return quickly.
 */
public interface LabBackend extends AutoCloseable {

    /** {@code sim}, {@code kind} or {@code cluster}. */
    String id();

    /** The latest state; cheap, immutable, safe to hand to any thread. */
    LabSnapshot snapshot();

    /** Every event so far, oldest first. */
    List<LabEvent> events();

    /** Applies a command and returns when its effects are in the snapshot. */
    CommandResult execute(LabCommand command);

    /** The chain of DESIGN.md section 1 for one pod, or a trace with a single "not found" step. */
    PodTrace trace(String tenant, String podKey);

    /** Registers a listener told after every change; the returned handle removes it. */
    AutoCloseable subscribe(LabListener listener);

    @Override
    void close();
}
