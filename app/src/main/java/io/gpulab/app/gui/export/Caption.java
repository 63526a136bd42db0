package io.gpulab.app.gui.export;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.report.Sha256;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.scenario.RecordedScenario;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * The caption strip under an exported image (docs/workbench.md, "Captions"): the lab, its history in a few words
 * and the full SHA-256 of the scenario file that history is (the file the report attaches, File → Save scenario and
 * {@code gpulab screenshot --scenario-out} write), backend, virtual time, export date, versions. A lab observed on a
 * cluster was not made by any file: its caption says so and carries no hash.
 *
 * @param scenario the lab's name (a simulated lab), or the scenario it was opened with (an observed one)
 * @param history  what the lab went through, e.g. {@code after 1 of article's 5 steps}; for an observed lab
 *                 {@code as observed on WHERE}
 * @param sha256   the SHA-256 (64 hex digits) of the lab's history as a scenario; null for a lab observed on a
 *                 cluster, which no file reproduces
 */
public record Caption(String scenario, String backend, String virtualTime, String date, String history,
                      @Nullable String sha256) {

    /** The caption of the lab on screen, from the same recorded history as every other export. */
    public static Caption of(WorkbenchViewModel vm) {
        LabSnapshot s = vm.snapshot();
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        if (!vm.simulated()) {
            return new Caption(vm.provenance().asOpened().name(), s.backend(), Formats.clock(s.now()), date,
                    "as observed on " + vm.provenance().observedOn(), null);
        }
        RecordedScenario r = vm.recording();
        return new Caption(r.name(), s.backend(), Formats.clock(s.now()), date, r.after(), Sha256.of(r.text()));
    }

    /** What every picture of a simulated lab says it is, whatever was cropped around it. */
    static final String SIMULATION = io.gpulab.app.report.ReportAssumptions.SIMULATION;
    /** What a picture of a real cluster's lab says instead: nothing in it was simulated, nothing reproduces it. */
    static final String OBSERVED = io.gpulab.app.report.ReportAssumptions.OBSERVED;
    static final String NO_HASH = "no scenario file, no hash: a cluster's state is observed, not reproduced";

    /** True for a lab observed on a cluster. */
    public boolean observed() {
        return sha256 == null;
    }

    /**
     * Three lines, as printed where the strip is wide: the lab, backend, times; its history and the scenario file's
     * SHA-256 (all 64 hex digits, so a reviewer can compare it with {@code sha256sum}), or that there is none; the
     * versions and what the picture is.
     */
    public String line() {
        return first() + "\nthe lab " + history + "   ·   " + fileLine() + "\n" + last();
    }

    /**
     * As {@link #line()} with the file's SHA-256 on a line of its own, for a strip too narrow for {@link #line()};
     * {@code split}: its 64 hex digits as two lines of 32, for a strip narrower than the 64 (a reader joins them).
     */
    public String lines(boolean split) {
        String file = fileLine();
        if (split && sha256 != null) {
            file = "scenario file sha256 (64 hex digits on two lines):\n" + sha256.substring(0, 32) + "\n"
                    + sha256.substring(32);
        }
        return first() + "\nthe lab " + history + "\n" + file + "\n" + last();
    }

    private String first() {
        return (observed() ? "checks from scenario " : "scenario ") + scenario + "   ·   backend " + backend
                + "   ·   lab time " + virtualTime + "   ·   exported " + date;
    }

    private String fileLine() {
        return sha256 == null ? NO_HASH : "scenario file sha256 " + sha256;
    }

    private String last() {
        return "gpulab " + GpulabVersion.VERSION + "   ·   "
                + (observed() ? OBSERVED : "HAMi v2.10.0   ·   " + SIMULATION);
    }
}
