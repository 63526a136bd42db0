package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import java.util.List;

/**
 * A freshly opened lab.
 *
 * @param backend    the running lab, in the scenario's initial state (no steps applied yet)
 * @param steps      the scenario's steps as engine commands, for "play scenario steps"
 * @param sourceYaml the scenario file text, kept so "save" can write the lab back with new steps
 * @param verifier   runs the scenario's checks (its expectations) for the report; may be a no-op
 */
public record OpenedLab(LabBackend backend, List<LabCommand> steps, String sourceYaml, ScenarioVerifier verifier) {

    public OpenedLab {
        steps = List.copyOf(steps);
    }
}
