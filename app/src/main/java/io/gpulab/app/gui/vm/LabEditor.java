package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.LabDesign;
import java.util.List;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The lab editor behind the workbench: changes the lab's design as one undoable redesign command, and knows the
 * design of every version of the lab (the scenario as opened, or its last edit since) for Reset, Save, the exports
 * and the Design tab. An edited lab is named {@code NAME (edited)} and its description says what changed, so no
 * window, file or report presents it as the scenario.
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
        edit(change, how, why -> { });
    }

    /**
     * As {@link #edit(String, UnaryOperator)}; a change refused (the scenario format rejects the new design, or the
     * lab is not simulated) is also handed to {@code refused}, so the form can say so next to its field.
     *
     * @return true when the change went to the lab (the form may clear what it typed), false when it was refused
     */
    public boolean edit(String change, UnaryOperator<LabDesign> how, java.util.function.Consumer<String> refused) {
        if (!vm.simulated()) {
            String why = "The lab editor needs the simulated lab: a real cluster's tenants and cards are not edited "
                    + "here";
            vm.hint(why);
            refused.accept(why);
            return false;
        }
        if (vm.past().showing()) {
            String why = "Viewing a past version (read-only): Return to now to change the lab";
            vm.hint(why);
            refused.accept(why);
            return false;
        }
        LabDesign next;
        List<String> changes = designs.changes(current());
        changes.add(change);
        try {
            var origin = vm.lab().origin().scenario().lab();
            next = how.apply(design()).editedFrom(origin.name(), origin.description(), changes);
        } catch (IllegalArgumentException e) {
            vm.error("Cannot change the lab: " + e.getMessage());
            refused.accept(e.getMessage());
            return false;
        }
        vm.run(designs.redesign(next, changes));
        return true;
    }

    /** The lab's current design: the scenario as opened, or its last edit since. */
    public LabDesign design() {
        LabDesign d = editedDesign();
        return d != null ? d : designs.opened(vm.lab().sourceYaml());
    }

    /** The design of the lab on screen: a past version's while time travel shows one, else the current one. */
    public LabDesign shownDesign() {
        LabDesign d = editedDesignAt(vm.history().shownVersion());
        return d != null ? d : designs.opened(vm.lab().sourceYaml());
    }

    /** The edited design of the lab after the first {@code actions} actions, or null when it is the scenario's. */
    @Nullable LabDesign editedDesignAt(int actions) {
        return designs.design(vm.recorded().redesignAt(actions));
    }

    /** The edited design the lab runs now, or null when it is the scenario's own lab. */
    public @Nullable LabDesign editedDesign() {
        return designs.design(current());
    }

    private LabCommand.@Nullable Redesign current() {
        return vm.recorded().redesignAt(Integer.MAX_VALUE);
    }

    /**
     * What Reset sends: back to the lab's initial state, or, for an edited lab, a restart from its edited
     * design (the scenario's lab is one Undo away).
     */
    LabCommand resetCommand() {
        LabCommand.Redesign edited = current();
        return edited == null ? new LabCommand.Reset() : designs.restart(edited);
    }
}
