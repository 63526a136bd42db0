package io.gpulab.app.gui.walkthrough;

import java.util.List;

/**
 * A guided training: steps over one scenario.
 *
 * @param scenario the lab the walkthrough starts from (opened fresh when it starts)
 * @param opens    the parts of the workbench its steps read from, opened whenever a step begins (a short window and
 *                 presentation mode fold the management band, whose words "the band will read ..." quotes)
 */
public record Walkthrough(String id, String title, String summary, String scenario, List<WalkthroughStep> steps,
                          List<String> opens) {

    /** The management band above the tenants (DataStores, control planes, management nodes). */
    public static final String MANAGEMENT_BAND = "managementBand";
    /** What {@code opens} may name. */
    public static final List<String> OPENABLE = List.of(MANAGEMENT_BAND);

    public Walkthrough {
        steps = List.copyOf(steps);
        opens = List.copyOf(opens);
    }

    /** A walkthrough that needs nothing opened. */
    public Walkthrough(String id, String title, String summary, String scenario, List<WalkthroughStep> steps) {
        this(id, title, summary, scenario, steps, List.of());
    }
}
