package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;

/** What one engine round trip brings back to the UI thread: the outcome, then state and log. */
record LabRefresh(CommandResult result, LabSnapshot snapshot, List<LabEvent> events) { }
