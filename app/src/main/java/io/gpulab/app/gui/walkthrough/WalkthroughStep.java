package io.gpulab.app.gui.walkthrough;

import java.util.List;
import java.util.Map;

/**
 * One step (docs/workbench.md, "Walkthroughs"): what to read, what to do, what the trainee will then see, and the
 * check that says it is done. Nothing it shows may be false of the lab while it is shown: {@code text} says what holds
 * whatever the lab's state, each {@code now} statement is shown only while its own check holds, and {@code then}
 * speaks of the future until the step's check holds.
 *
 * @param now     statements about the lab as it is, each with the check that makes it true
 * @param action  the trainee's action in one line ("Drag the Article pod onto tenant-a")
 * @param then    what the trainee will see once the action is done, in the future tense (the check confirms it)
 * @param inspect inspector categories the step asks the trainee to compare, shown in the step for the selection
 * @param routes  every way the action text offers to complete the step, each a list of workbench actions (the
 *                walkthrough tests play each one)
 */
public record WalkthroughStep(String title, String text, List<Statement> now, String action, String then, Check check,
                              List<String> inspect, List<List<RouteAction>> routes) {

    public WalkthroughStep {
        now = List.copyOf(now);
        inspect = List.copyOf(inspect);
        routes = routes.stream().map(List::copyOf).toList();
    }

    /** A step with only the essentials (tests). */
    public WalkthroughStep(String title, String text, String action, Check check) {
        this(title, text, List.of(), action, "", check, List.of(), List.of());
    }

    /** A statement about the lab as it is, shown only while {@code check} holds. */
    public record Statement(String text, Check check) { }

    /**
     * One workbench action of a route: {@code drop} (template, tenant), {@code click} (a control's id), {@code select}
     * (a tenant), {@code selectPod} (tenant, pod), {@code policy} (tenant, value), {@code menu} (the text of an item
     * of the Faults menu, as the lab on screen offers it).
     */
    public record RouteAction(String kind, Map<String, String> args) {

        public RouteAction {
            args = Map.copyOf(args);
        }

        /** The kinds a route may use. */
        public static final List<String> KINDS = List.of("drop", "click", "select", "selectPod", "policy",
                "menu");
    }
}
