package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.kamaji.ApiErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a tenant's own panel says of its API server while it does not serve, from the snapshot alone
 * (docs/workbench.md, "A tenant's API server"). In the first 30 s of a DataStore outage the pods are still ready and
 * Kamaji reads Ready, yet nothing can be stored: the panel says the DataStore's state and the client's text from that
 * first moment, and that the API server is not down (yet), as the readiness probe has it; once no pod is ready, that
 * it is down. Empty while the API server serves, or when its answer was not observed (the management band says so).
 */
public final class ApiServerWords {

    private ApiServerWords() {
    }

    /** The panel's lines for {@code t}, cause first: empty while its API server serves or is not observed. */
    public static List<String> of(LabSnapshot s, TenantView t) {
        ControlPlaneView cp = t.controlPlane();
        if (cp.serving() || !cp.apiKnown()) {
            return List.of();
        }
        Optional<ManagementView.DataStoreView> ds = s.management().dataStores().stream()
                .filter(d -> d.name().equals(cp.dataStore())).findFirst();
        String storage = ds.flatMap(ApiServerWords::storage).orElse(null);
        List<String> lines = new ArrayList<>();
        if (!cp.apiObserved().isEmpty()) {
            // a real cluster: the answer was observed, not its cause; Kamaji's counts are as it last wrote them
            lines.add("API server refuses requests: " + cp.apiError() + " (" + cp.apiObserved() + ")");
            if (storage != null) {
                lines.add("Its DataStore " + storage);
            }
            // a TenantControlPlane that was not read carries no counts: none are stated
            lines.add((cp.replicas() > 0 ? "Kamaji's status: " + cp.phase() + " (" + cp.readyReplicas() + " of "
                    + cp.replicas() + " replicas ready, as it last wrote them); " : "")
                    + "gpulab did not observe why the API server refuses");
        } else if (cp.readyReplicas() > 0) {
            // the pods are ready, so the Service routes to them: the API server answers, with the storage's error
            String cause = cp.has("dataStoreAccess: revoked")
                    ? "its etcd role on its prefix in DataStore " + cp.dataStore() + " is revoked"
                    : storage != null ? "its DataStore " + storage : null;
            lines.add(cause != null ? "API server cannot store or read anything: " + cause + ". " + verb(cp.apiError())
                    + cp.apiError() : "API server refuses reads and writes: " + cp.apiError());
            lines.add(notDownYet(s, cp));
        } else {
            lines.add("API server down: no kube-apiserver pod is ready (0 of " + cp.replicas() + "; " + kamaji(s, cp)
                    + "). A client reads: " + cp.apiError());
            if (storage != null) {
                lines.add("Its DataStore " + storage);
            }
            probe(cp).ifPresent(lines::add);
        }
        // the engine writes instants as ISO-8601: shown as the lab's clock reads them
        return lines.stream().map(l -> Formats.labText(l, s.now())).toList();
    }

    /** How the client's text is introduced: a timeout is said to be one (the engine's texts for a lost quorum are). */
    private static String verb(String apiError) {
        if (apiError.equals(ApiErrors.storageTimeout()) || apiError.startsWith(ApiErrors.NO_MEMBER_MARK)) {
            return "Every create, read and delete times out: ";
        }
        return "Every create, read and delete fails: ";
    }

    /**
     * Ready does not mean working here, and not working does not mean down: the pods stay ready until their /readyz
     * has failed 3 probes of 10 s. The engine's own sentence on when they stop being ready is quoted when it gives one.
     */
    private static String notDownYet(LabSnapshot s, ControlPlaneView cp) {
        return "Not down: " + kamaji(s, cp) + "; " + probe(cp).orElse(cp.readyReplicas() + " of "
                + cp.replicas() + " kube-apiserver pods ready");
    }

    /** {@code Kamaji reads Ready}; with its controller not running, the status it would compute, said as such. */
    private static String kamaji(LabSnapshot s, ControlPlaneView cp) {
        return s.management().kamajiReady() ? "Kamaji reads " + cp.phase()
                : "Kamaji's controller is not running, it would compute " + cp.phase();
    }

    /** The engine's sentence on the pods' /readyz probe (when they stop, or start again, being ready), if any. */
    private static Optional<String> probe(ControlPlaneView cp) {
        return cp.effects().stream().filter(e -> e.contains("/readyz")).findFirst();
    }

    /** {@code default has no quorum (1 of 3 etcd members up, 2 needed)}; empty while the DataStore answers. */
    private static Optional<String> storage(ManagementView.DataStoreView d) {
        if ("etcd".equals(d.driver()) && d.healthy() < d.quorum()) {
            return Optional.of(d.name() + " has no quorum (" + d.healthy() + " of " + d.members().size()
                    + " etcd members up, " + d.quorum() + " needed)");
        }
        if (!d.ready()) {
            return Optional.of(d.name() + " (" + d.driver() + ") does not answer");
        }
        return Optional.empty();
    }
}
