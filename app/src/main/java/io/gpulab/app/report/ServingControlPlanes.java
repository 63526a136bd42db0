package io.gpulab.app.report;

import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import java.io.IOException;
import java.util.List;

/**
 * The review report's first-page sentence on each control plane that does not serve requests at the end: a control
 * plane that does not answer changes what every pod count means, so it is said there, not only on the lab's pages.
 */
final class ServingControlPlanes {

    /** At most this many are named on page 1; the lab pages name every one. */
    private static final int NAMED = 5;

    private ServingControlPlanes() {
    }

    /** @param observed the lab was read from a cluster: "as read", not "at the end" of a history */
    static void write(PdfDoc pdf, LabSnapshot s, boolean observed) throws IOException {
        List<TenantView> refusing = s.tenants().stream().filter(t -> t.controlPlane().apiKnown()
                && !t.controlPlane().serving()).toList();
        for (TenantView t : refusing.subList(0, Math.min(NAMED, refusing.size()))) {
            pdf.text(t.name() + "'s control plane " + (observed ? "as read" : "at the end") + ": "
                    + t.controlPlane().statusInWords()
                    + (t.controlPlane().apiError().endsWith("?") ? "" : "."));
        }
        if (refusing.size() > NAMED) {
            pdf.text((refusing.size() - NAMED) + " more control planes do not serve requests (the lab pages name "
                    + "them).");
        }
    }
}
