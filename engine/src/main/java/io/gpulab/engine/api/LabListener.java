package io.gpulab.engine.api;

import java.util.List;

/** Told after every change with the new snapshot and the events that change produced. */
@FunctionalInterface
public interface LabListener {
    void changed(LabSnapshot snapshot, List<LabEvent> newEvents);
}
