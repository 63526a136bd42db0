package io.gpulab.engine.cluster;

import io.gpulab.engine.api.ControlPlaneView;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pending pod's explanation adds about its tenant's control plane, one note each: an API server that does
 * not answer (as observed on a real backend, or as the simulation models it), one whose answer is not observed, and
 * kubelets outside Kubernetes' version-skew policy or not checked against it. The same on every backend.
 */
public final class ControlPlaneNotes {

    private ControlPlaneNotes() {
    }

    public static List<String> of(ControlPlaneView cp) {
        List<String> out = new ArrayList<>();
        if (!cp.apiKnown()) {
            out.add("the tenant's API server: " + cp.apiObserved());
        } else if (!cp.apiError().isEmpty()) {
            out.add("the tenant's API server does not answer: " + cp.apiError()
                    + (cp.apiObserved().isEmpty() ? "" : " (" + cp.apiObserved() + ")"));
        }
        for (ControlPlaneView.KubeletView k : cp.kubelets()) {
            if (!k.checked()) {
                out.add("node " + k.node() + ": kubelet version skew not checked: " + k.unchecked());
            } else if (!k.supported()) {
                out.add("node " + k.node() + ": " + k.violation());
            }
        }
        return out;
    }

    /** {@code x} with the control plane's notes appended. */
    public static PendingExplanation appended(PendingExplanation x, ControlPlaneView cp) {
        List<String> more = of(cp);
        if (more.isEmpty()) {
            return x;
        }
        List<String> notes = new ArrayList<>(x.notes());
        notes.addAll(more);
        return x.withNotes(notes);
    }
}
