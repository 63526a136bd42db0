package io.gpulab.engine.scenario;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The description of a lab edited in the workbench: the edits, then the scenario's own description marked as written
 * before them. The scenario's figures (10 slots a card, two tenants) were true of its lab, not of the edited one, so
 * the saved file, the window and the review report never state them as the edited lab's (docs/workbench.md).
 *
 * @param origin   the scenario the lab was opened from
 * @param changes  the edits, oldest first, as one phrase ({@code add tenant-c; deviceSplitCount 4})
 * @param original the scenario's own description, empty when it had none
 */
public record EditedDescription(String origin, String changes, String original) {

    private static final String OLD_MARK = " The scenario's description: ";

    /** The description as the saved file carries it. */
    public static String compose(String origin, String originDescription, List<String> changes) {
        String what = lead(origin) + String.join("; ", changes) + ".";
        return originDescription.isBlank() ? what : what + mark(origin) + originDescription.strip();
    }

    /**
     * The parts of a description {@link #compose} wrote for a lab opened from {@code origin} (files saved before
     * the mark said "written before these edits" too), or null when it is not one.
     */
    public static @Nullable EditedDescription parse(String origin, String description) {
        if (!description.startsWith(lead(origin))) {
            return null;
        }
        String rest = description.substring(lead(origin).length());
        for (String mark : List.of(mark(origin), OLD_MARK)) {
            int at = rest.indexOf(mark);
            if (at >= 0) {
                return new EditedDescription(origin, trimDot(rest.substring(0, at)),
                        rest.substring(at + mark.length()).strip());
            }
        }
        return new EditedDescription(origin, trimDot(rest), "");
    }

    private static String lead(String origin) {
        return "Edited in the workbench from the scenario " + origin + ": ";
    }

    private static String mark(String origin) {
        return " The scenario " + origin + "'s own description, written before these edits (its figures may no longer "
                + "hold of this lab): ";
    }

    private static String trimDot(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }
}
