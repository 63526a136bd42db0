package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.PodWhy;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.jspecify.annotations.Nullable;

/**
 * What the engine says about one pod, asked on demand: its detail, why it does not run (in words and as HAMi's why),
 * its trace; and the trace of the selected pod, kept current. Every answer comes from the lab on screen: the past
 * version's scratch lab while one is shown, so the inspector and the pending lane never describe a pod as it is now
 * next to a picture of how it was.
 */
public final class PodQueries {

    private final WorkbenchViewModel vm;
    private final ReadOnlyObjectWrapper<@Nullable PodTrace> selected = new ReadOnlyObjectWrapper<>();
    /** The lab the selected trace was asked of. */
    private @Nullable LabBackend tracedOn;

    PodQueries(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    /**
     * One pod as the backend shows it when asked for it alone: a pending pod on a large tenant then carries its
     * per-node reasons, which the snapshot leaves out (the sim recomputes them on request).
     */
    public Optional<PodView> podDetail(String tenant, String podKey) {
        return shown().pod(tenant, podKey, true);
    }

    /** Why a pod does not run, in words from the lab's numbers (docs/reasons.md); empty for a running pod. */
    public Optional<PlainReason> plainReason(String tenant, String podKey) {
        // the engine's prose writes instants as ISO-8601 ("holds the node lock since ..."): shown as the clock reads
        java.time.Instant now = vm.snapshot().now();
        return shown().plainReason(tenant, podKey).map(w -> new PlainReason(Formats.labText(w.text(), now),
                Formats.labText(w.fix(), now), w.doc()));
    }

    /** HAMi's why for the selected pod, once its trace has arrived (empty for another pod or no explanation). */
    public Optional<PodWhy> podWhy(String tenant, String podKey) {
        PodTrace t = selected.get();
        // a trace asked of the live lab, arriving after time travel began (or the reverse), is not the lab shown
        return t != null && tracedOn == shown() && t.tenant().equals(tenant) && t.podKey().equals(podKey)
                ? Optional.ofNullable(t.why()) : Optional.empty();
    }

    /** The trace of one pod, straight from the engine, in the version shown (for the report). */
    public PodTrace traceOf(String tenant, String podKey) {
        return shown().trace(tenant, podKey);
    }

    /** The selected pod's trace; null while no pod is selected or its trace is on its way. */
    ReadOnlyObjectProperty<@Nullable PodTrace> selectedTraceProperty() {
        return selected.getReadOnlyProperty();
    }

    /** Asks the engine again for the selected pod's trace (after a lab change or a new selection). */
    void refresh() {
        Selection sel = vm.selectionProperty().get();
        if (sel == null || sel.kind() != Selection.Kind.POD) {
            selected.set(null);
            return;
        }
        LabBackend backend = shown();
        if (tracedOn != backend) {
            // time travel began or ended: the trace on screen is of the other lab until this one's arrives
            selected.set(null);
        }
        vm.tasks().execute(() -> backend.trace(sel.tenant(), sel.id()), t -> {
            tracedOn = backend;
            selected.set(t);
        }, e -> selected.set(null));
    }

    /** The lab on screen: the shown past version's scratch lab, else the live lab. */
    private LabBackend shown() {
        LabBackend scratch = vm.past().scratch();
        return scratch != null ? scratch : vm.lab().backend();
    }
}
