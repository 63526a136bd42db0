package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.LabDesign;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The lab editor's designs, kept by the redesign command that applied each, with the changes that led to it: the
 * design of a version of the lab is the one of the last redesign before it since a reset (Undo drops one, and the
 * design before is current again), or the scenario as opened.
 */
final class LabDesigns {

    private record Edit(LabDesign design, List<String> changes) { }

    private final Map<LabCommand.Redesign, Edit> byCommand = new IdentityHashMap<>();
    private @Nullable LabDesign opened;
    private @Nullable String openedFrom;

    /** A redesign command for {@code design}, remembered with the changes (oldest first) that made it. */
    LabCommand.Redesign redesign(LabDesign design, List<String> changes) {
        LabCommand.Redesign c = new LabCommand.Redesign(design.spec(), changes.get(changes.size() - 1));
        byCommand.put(c, new Edit(design, List.copyOf(changes)));
        return c;
    }

    /** The command that restarts an edited lab from its design (what Reset means once the lab is edited). */
    LabCommand.Redesign restart(LabCommand.Redesign edited) {
        Edit e = byCommand.get(edited);
        LabCommand.Redesign c = new LabCommand.Redesign(e.design().spec(), "restart the edited lab");
        byCommand.put(c, e);
        return c;
    }

    /** The design {@code redesign} applied, or null for a redesign this editor did not make. */
    @Nullable LabDesign design(LabCommand.@Nullable Redesign redesign) {
        Edit e = redesign == null ? null : byCommand.get(redesign);
        return e == null ? null : e.design();
    }

    /** The changes (oldest first) behind {@code redesign}, a list of the caller's own; empty for none. */
    List<String> changes(LabCommand.@Nullable Redesign redesign) {
        Edit e = redesign == null ? null : byCommand.get(redesign);
        return e == null ? new ArrayList<>() : new ArrayList<>(e.changes());
    }

    /** The design of the scenario as opened (read once per source text). */
    LabDesign opened(String sourceYaml) {
        if (opened == null || !sourceYaml.equals(openedFrom)) {
            opened = LabDesign.of(sourceYaml);
            openedFrom = sourceYaml;
        }
        return opened;
    }
}
