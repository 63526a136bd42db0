package io.gpulab.app.gui.walkthrough;

import java.util.List;

/**
 * A guided training: steps over one scenario.
 *
 * @param scenario the lab the walkthrough starts from (opened fresh when it starts)
 */
public record Walkthrough(String id, String title, String summary, String scenario, List<WalkthroughStep> steps) {

    public Walkthrough {
        steps = List.copyOf(steps);
    }
}
