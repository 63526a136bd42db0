package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.PlayableStep;
import io.gpulab.engine.scenario.RecordedScenario;
import java.util.List;

/**
 * A freshly opened lab.
 *
 * @param backend the running lab, in the scenario's initial state (no steps applied yet)
 * @param origin  the scenario it was opened from: its text (kept so the lab's history can be written as a
 *                scenario), what it reads as, and its playable steps
 */
public record OpenedLab(LabBackend backend, RecordedScenario.Origin origin) {

    /** The scenario file's text. */
    public String sourceYaml() {
        return origin.source();
    }

    /** The scenario's steps as Next step plays them. */
    public List<PlayableStep> playable() {
        return origin.playable();
    }
}
