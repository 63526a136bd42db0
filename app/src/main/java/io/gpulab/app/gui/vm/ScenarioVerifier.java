package io.gpulab.app.gui.vm;

import java.util.List;

/** Runs a scenario's expectations in a fresh lab and says which held (for the review report). */
@FunctionalInterface
public interface ScenarioVerifier {

    /** One expectation with its outcome. */
    record Check(String name, boolean passed, String detail) { }

    /** Runs the checks; an empty list when the scenario has none. */
    List<Check> verify() throws Exception;
}
