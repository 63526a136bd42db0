package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one engine round trip brings back to the UI thread: what was applied (each with the lab after it), why the
 * rest was not (null when everything was), the message of the last command, then state and log.
 */
record LabRefresh(List<LabHistory.Applied> applied, @Nullable String refused, String message, LabSnapshot snapshot,
                  List<LabEvent> events) {

    /** This round with {@code why} as the reason the items after those applied were not. */
    LabRefresh refusedBecause(String why) {
        return new LabRefresh(applied, why, message, snapshot, events);
    }
}
