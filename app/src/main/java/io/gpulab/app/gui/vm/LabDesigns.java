package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.LabDesign;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The lab editor's designs, kept by the redesign command that applied each: the current design is the
 * one of the last redesign still in the history (Undo drops it, and the design before is current again),
 * or the scenario as opened after a reset or with no edits at all.
 */
final class LabDesigns {

    private final Map<LabCommand.Redesign, LabDesign> byCommand = new IdentityHashMap<>();
    private @Nullable LabDesign opened;
    private @Nullable String openedFrom;

    /** A redesign command for {@code design}, remembered so the design can be saved. */
    LabCommand.Redesign redesign(LabDesign design, String change) {
        LabCommand.Redesign c = new LabCommand.Redesign(design.spec(), change);
        byCommand.put(c, design);
        return c;
    }

    /** The command that restarts an edited lab from its design (what Reset means once the lab is edited). */
    LabCommand.Redesign restart(LabCommand.Redesign edited) {
        return redesign(byCommand.get(edited), "restart the edited lab");
    }

    /** The last redesign since the last reset, or null when the lab is the scenario's own. */
    LabCommand.@Nullable Redesign currentRedesign(List<CommandHistory.Entry> timeline) {
        for (int i = timeline.size() - 1; i >= 0; i--) {
            LabCommand c = timeline.get(i).command();
            if (c instanceof LabCommand.Redesign r && byCommand.containsKey(r)) {
                return r;
            }
            if (c instanceof LabCommand.Reset) {
                return null;
            }
        }
        return null;
    }

    LabDesign current(List<CommandHistory.Entry> timeline, String sourceYaml) {
        LabCommand.Redesign r = currentRedesign(timeline);
        if (r != null) {
            return byCommand.get(r);
        }
        if (opened == null || !sourceYaml.equals(openedFrom)) {
            opened = LabDesign.of(sourceYaml);
            openedFrom = sourceYaml;
        }
        return opened;
    }
}
