package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;

/**
 * What one engine round trip brings back to the UI thread: the outcome, then state and log; for a
 * replay of several commands also the lab after each of them.
 */
record LabRefresh(CommandResult result, LabSnapshot snapshot, List<LabEvent> events,
                  List<CommandHistory.Entry> applied) { }
