package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The lab as it was at one version of the timeline, rebuilt exactly: the scenario as opened, in a
 * scratch simulated lab of its own, with the actions up to that version replayed (from the last reset
 * before it). The live lab is never touched; the scratch lab answers trace questions while it is shown.
 *
 * @param index    0 = as opened, k = after the k-th recorded action
 * @param label    what the k-th action was ("as opened" for 0)
 */
public record TimeTravel(int index, String label, LabSnapshot snapshot, List<LabEvent> events, LabBackend scratch)
        implements AutoCloseable {

    /** Rebuilds version {@code index} of {@code timeline} from the scenario text the lab was opened from. */
    static TimeTravel at(LabOpener opener, String sourceYaml, List<LabHistory.Action> timeline, int index)
            throws Exception {
        int from = 0;
        for (int i = 0; i < index; i++) {
            LabCommand c = timeline.get(i).applied().get(0).command();
            if (c instanceof LabCommand.Reset) {
                from = i + 1;
            } else if (c instanceof LabCommand.Redesign) {
                from = i; // the redesign itself rebuilds the lab: replay from it
            }
        }
        Path file = Files.createTempFile("gpulab-timeline-", ".yaml");
        OpenedLab scratch;
        try {
            Files.writeString(file, sourceYaml, StandardCharsets.UTF_8);
            scratch = opener.open(file.toString());
        } finally {
            Files.deleteIfExists(file);
        }
        LabBackend b = scratch.backend();
        for (int i = from; i < index; i++) {
            for (LabHistory.Applied a : timeline.get(i).applied()) {
                if (a.command() != null) {
                    b.execute(a.command());
                }
            }
        }
        String label = index == 0 ? "as opened" : timeline.get(index - 1).label();
        return new TimeTravel(index, label, b.snapshot(), b.events(), b);
    }

    public PodTrace trace(String tenant, String podKey) {
        return scratch.trace(tenant, podKey);
    }

    @Override
    public void close() {
        scratch.close();
    }
}
