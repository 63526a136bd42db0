package io.gpulab.engine.kind;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One idempotent step of the lab: {@code done} asks the lab whether the step's result already exists
 * (so an interrupted {@code up} resumes where it stopped), {@code apply} makes it exist.
 */
public record LabStep(String id, String title, Predicate<DockerOps> done, Consumer<DockerOps> apply) {

    @Override
    public String toString() {
        return id + ": " + title;
    }
}
