package io.gpulab.engine.sim;

import io.gpulab.engine.lab.ControlPlaneSpec;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The faults of one tenant's own control plane (docs/kamaji-model.md, "A tenant's own control-plane faults"): its etcd
 * role's permission on its prefix revoked, kube-scheduler or kube-controller-manager stopped while their containers
 * run, the konnectivity-server sidecars restarted. What each does to readiness, the API's answers and the views;
 * {@link KamajiFaults} sets them.
 */
final class ControlPlaneFaults {

    static final String ACCESS_REVOKED = "dataStoreAccess: revoked";

    /** The konnectivity-server sidecars restarted: the agents are connected again at this instant. */
    @Nullable Instant agentsBackAt;
    /** Its etcd role's permission on its prefix was revoked at this instant ({@code dataStoreAccess: revoked}). */
    @Nullable Instant accessRevokedSince;
    /** When the permission was granted again after a revocation that failed the readiness probes, or null. */
    @Nullable Instant accessBackAt;
    /** Components that stopped working in every replica ({@code fault: {component, state: down}}). */
    final Set<String> stopped = new TreeSet<>();

    /**
     * kube-apiserver's {@code /readyz} etcd check reads {@code /<schema>/health} with the tenant's own certificate: a
     * revoked permission fails it like a lost quorum does (3 failures of 10 s), and it passes one period after the
     * permission is back.
     */
    boolean accessReadinessOk(Instant now) {
        if (accessRevokedSince != null) {
            return now.isBefore(accessRevokedSince.plus(SimDataStore.READINESS_FAILS));
        }
        return accessBackAt == null || !now.isBefore(accessBackAt.plus(SimDataStore.READINESS_PERIOD));
    }

    boolean accessRevoked() {
        return accessRevokedSince != null;
    }

    /** Whether the component works (its container may run while it does nothing: {@link #stopped}). */
    boolean works(String component) {
        return !stopped.contains(component);
    }

    /** The konnectivity agents are still reconnecting after a restart of the servers. */
    boolean agentsReconnecting(Instant now) {
        return agentsBackAt != null && now.isBefore(agentsBackAt);
    }

    /** The next instant after {@code now} at which one of these faults changes readiness or the tunnel, or null. */
    @Nullable Instant nextEvent(@Nullable Instant next, Instant now) {
        if (agentsBackAt != null) {
            next = SimTcp.earliest(next, agentsBackAt, now);
        }
        if (accessRevokedSince != null) {
            next = SimTcp.earliest(next, accessRevokedSince.plus(SimDataStore.READINESS_FAILS), now);
        }
        if (accessBackAt != null) {
            next = SimTcp.earliest(next, accessBackAt.plus(SimDataStore.READINESS_PERIOD), now);
        }
        return next;
    }

    /** What the views show of them ({@link SimTcp#looksChanged}). */
    void sign(StringBuilder sig, Instant now) {
        sig.append(accessRevokedSince).append(accessReadinessOk(now)).append(stopped);
    }

    /** Those in effect, in the words of their scenario steps. */
    List<String> inEffect() {
        List<String> out = new ArrayList<>();
        if (accessRevokedSince != null) {
            out.add(ACCESS_REVOKED);
        }
        stopped.forEach(c -> out.add(c + ": down"));
        return out;
    }

    /** The effect lines of the stopped components while the API server answers. */
    void effects(List<String> out) {
        if (!works(ControlPlaneSpec.KUBE_SCHEDULER)) {
            out.add("kube-scheduler does not work: pods for default-scheduler stay Pending without an event (HAMi's "
                    + "own scheduler runs in the tenant's cluster and still places GPU pods)");
        }
        if (!works(ControlPlaneSpec.KUBE_CONTROLLER_MANAGER)) {
            out.add("kube-controller-manager does not work: no node is marked NotReady or tainted, no pod is evicted "
                    + "from a silent node");
        }
    }
}
