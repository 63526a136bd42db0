package io.gpulab.app.gui.export;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.report.Sha256;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.scenario.RecordedScenario;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The caption strip under an exported image: the lab (its name, its history in a few words and the SHA-256 of that
 * history as a scenario, the file the report attaches and File → Save writes), backend, virtual time, export date.
 *
 * @param history what the lab went through, e.g. {@code after 1 of article's 5 steps}
 * @param sha256  the SHA-256 of the lab's history as a scenario (docs/workbench.md)
 */
public record Caption(String scenario, String backend, String virtualTime, String date, String history,
                      String sha256) {

    /** The caption of the lab on screen, from the same recorded history as every other export. */
    public static Caption of(WorkbenchViewModel vm) {
        LabSnapshot s = vm.snapshot();
        RecordedScenario r = vm.recording();
        return new Caption(r.name(), s.backend(), Formats.clock(s.now()), LocalDate.now(ZoneOffset.UTC).toString(),
                vm.simulated() ? r.after() : "as observed", Sha256.of(r.text()));
    }

    /** What every picture says it is, whatever was cropped around it: the rules simulated, no GPU measured. */
    static final String SIMULATION = "simulation: HAMi's decisions with a mock device plugin, no GPU ran";

    /**
     * Three lines, as printed in the strip: the lab, backend, times; its history and the SHA-256 (first 12 hex
     * digits) of that history as a scenario, which identifies the file a report of the same lab attaches; the
     * versions and what the picture is a simulation of.
     */
    public String line() {
        return "scenario " + scenario + "   ·   backend " + backend + "   ·   lab time " + virtualTime
                + "   ·   exported " + date + "\nthe lab " + history + "   ·   as a scenario: sha256 "
                + sha256.substring(0, Math.min(12, sha256.length()))
                + "\ngpulab " + io.gpulab.app.GpulabVersion.VERSION + "   ·   HAMi v2.10.0   ·   " + SIMULATION;
    }
}
