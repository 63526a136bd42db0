package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.LabDesign;
import java.util.function.UnaryOperator;

/**
 * The lab editor behind the workbench: changes the lab's design as one undoable redesign command, and
 * knows the current design (the scenario as opened, or its last edit since) for Reset and Save.
 */
public final class LabEditor {

    private final WorkbenchViewModel vm;
    private final LabDesigns designs = new LabDesigns();

    LabEditor(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    /**
     * Changes the lab's design: {@code change} says what in one line; the new design is read back through
     * the scenario reader and sent as one undoable {@link LabCommand.Redesign}. Pods and the clock start
     * over, as the design is a new lab.
     */
    public void edit(String change, UnaryOperator<LabDesign> how) {
        if (!vm.simulated()) {
            vm.hint("The lab editor needs the simulated lab: a real cluster's tenants and cards are not edited here");
            return;
        }
        LabDesign next;
        try {
            next = how.apply(design());
        } catch (IllegalArgumentException e) {
            vm.error("Cannot change the lab: " + e.getMessage());
            return;
        }
        vm.run(designs.redesign(next, change));
    }

    /** The lab's current design: the scenario as opened, or its last edit since. */
    public LabDesign design() {
        return designs.current(vm.timeline(), vm.lab().sourceYaml());
    }

    /**
     * What Reset sends: back to the lab's initial state, or, for an edited lab, a restart from its edited
     * design (the scenario's lab is one Undo away).
     */
    LabCommand resetCommand() {
        LabCommand.Redesign edited = designs.currentRedesign(vm.timeline());
        return edited == null ? new LabCommand.Reset() : designs.restart(edited);
    }

    /** The lab section a saved scenario starts from: the scenario's own text, or the edited design's. */
    String savedSource() {
        return designs.currentRedesign(vm.timeline()) == null ? vm.lab().sourceYaml() : design().yaml();
    }
}
