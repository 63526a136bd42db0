package io.gpulab.app.gui.export;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.engine.api.LabSnapshot;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** The caption strip under an exported image: scenario, backend, virtual time, export date. */
public record Caption(String scenario, String backend, String virtualTime, String date) {

    public static Caption of(LabSnapshot s) {
        return new Caption(s.scenario(), s.backend(), Formats.clock(s.now()), LocalDate.now(ZoneOffset.UTC).toString());
    }

    /** One line, as printed in the strip and the report header. */
    public String line() {
        return "scenario " + scenario + "   ·   backend " + backend + "   ·   lab time " + virtualTime
                + "   ·   exported " + date;
    }
}
