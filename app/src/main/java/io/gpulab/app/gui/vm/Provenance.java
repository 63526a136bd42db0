package io.gpulab.app.gui.vm;

import io.gpulab.engine.scenario.RecordedScenario;

/**
 * Where the lab on screen comes from, as File → Save and every export (caption, report, isolation table) state it:
 * the lab's history as a scenario (its edited design included), the scenario as opened, and for a lab observed on a
 * cluster where it is observed.
 */
public final class Provenance {

    private final WorkbenchViewModel vm;

    Provenance(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    /**
     * The lab's history as a scenario (docs/workbench.md, "The lab's history as a scenario"): the lab it started
     * from and every step taken since the last reset, up to the version on screen. File → Save writes it; every
     * export attaches it and reports the verdicts {@code gpulab run} of it gives.
     */
    public RecordedScenario recording() {
        int shown = vm.history().shownVersion();
        return RecordedScenario.of(vm.lab().origin(), vm.editor().editedDesignAt(shown), vm.recorded().itemsAt(shown));
    }

    /** The scenario the lab was opened from, nothing played (what a report of a real cluster attaches). */
    public RecordedScenario asOpened() {
        return RecordedScenario.unplayed(vm.lab().origin());
    }

    /** Where a lab that is not simulated is observed, for captions: kubeconfig contexts, never credentials. */
    public String observedOn() {
        return ObservedOn.of(vm.lab().backend());
    }

    /** The description of the scenario the lab was opened from. */
    public String openedDescription() {
        return vm.lab().origin().scenario().lab().description();
    }
}
