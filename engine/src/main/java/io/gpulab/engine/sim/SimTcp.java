package io.gpulab.engine.sim;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.kamaji.ApiErrors;
import io.gpulab.engine.kamaji.ManagementFit;
import io.gpulab.engine.kamaji.TcpPodTemplate;
import io.gpulab.engine.kamaji.TcpStatus;
import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.PodResources;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One tenant's TenantControlPlane in the management cluster: its Deployment ({@link TcpDeployment}: one ReplicaSet
 * per Kubernetes version, rolled as the Deployment controller does with the spec's strategy), its pods placed by
 * kube-scheduler on the management nodes, and the status Kamaji computes from them ({@link TcpStatus}). What the
 * tenant's clients read follows from it: {@link #refusal}; what the views show of it: {@link TcpViews}.
 */
final class SimTcp {

    /** A TCP pod is Ready one probe period after it is bound: kube-apiserver answers its first startup probe. */
    static final Duration START = Duration.ofSeconds(10);
    /** konnectivity-agent retries every --sync-interval (1 s) doubling to --sync-interval-cap (10 s): the worst case. */
    static final Duration AGENTS_RECONNECT = Duration.ofSeconds(10);

    final SimManagement mgmt;
    final String tenant;
    final SimDataStore ds;
    final String uid;
    final String schema;
    final String endpoint;
    ControlPlaneSpec spec;
    TcpPodTemplate template;
    String installed = "";
    String status = TcpStatus.PROVISIONING;
    /** Its Deployment: one ReplicaSet per Kubernetes version. */
    final TcpDeployment deployment = new TcpDeployment(this);
    final List<Pod> pods = new ArrayList<>();
    /** The tenant's workers' kubelets, checked against the version-skew policy. */
    final TcpKubelets kubelets = new TcpKubelets();
    /** Its own faults: etcd access revoked, components stopped, Konnectivity servers restarted. */
    final ControlPlaneFaults faults = new ControlPlaneFaults();
    private final TcpViews views = new TcpViews(this);

    /** One pod of the Deployment. */
    static final class Pod {
        final String name;
        final String version;
        @Nullable String node;
        /** When its containers (re)started on {@link #node}. */
        @Nullable Instant startedAt;
        /** kube-scheduler's last FailedScheduling text while it waits. */
        String pending = "";
        /** The node it runs on was lost at this instant: the taint manager evicts it after the grace and 300 s. */
        @Nullable Instant evictAt;

        Pod(String name, String version) {
            this.name = name;
            this.version = version;
        }
    }

    SimTcp(SimManagement mgmt, String tenant, ControlPlaneSpec spec, SimDataStore ds, String uid, String endpoint) {
        this.mgmt = mgmt;
        this.tenant = tenant;
        this.spec = spec;
        this.ds = ds;
        this.uid = uid;
        this.schema = spec.dataStoreSchema() != null ? spec.dataStoreSchema() : uid;
        this.endpoint = endpoint;
        this.template = TcpPodTemplate.of(spec, ds.spec);
    }

    String owner() {
        return "tcp/" + spec.namespace() + "/" + tenant;
    }

    String object() {
        return "TenantControlPlane/" + spec.namespace() + "/" + tenant;
    }

    PodResources podRequest() {
        return template.request();
    }

    /**
     * Where the API server stores its objects: {@code <DataStore>:/<schema>/} (kube-apiserver's {@code --etcd-prefix})
     * for etcd; for kine, the database {@code <schema>} under kube's default prefix {@code /registry/}.
     */
    String storageKeyPrefix() {
        return ds.spec.kine() ? ds.name() + ":" + schema + ":/registry/pods/" : ds.name() + ":/" + schema + "/pods/";
    }

    /** The tenant's place in its DataStore: {@code /<schema>/} in etcd, the database {@code <schema>} in SQL. */
    String prefix() {
        return ds.spec.kine() ? "database " + schema : "/" + schema + "/";
    }

    // ------------------------------------------------------------------ readiness and what clients read

    boolean ready(Pod p, Instant now) {
        return p.node != null && p.startedAt != null && mgmt.nodeReady(p.node) && !now.isBefore(p.startedAt.plus(START))
                && ds.readinessOk(now) && faults.accessReadinessOk(now);
    }

    /** Whether the component works (its container may run while it does nothing: {@link ControlPlaneFaults}). */
    boolean works(String component) {
        return faults.works(component);
    }

    /** What kube-apiserver reads from its DataStore now: null when it stores and reads, else the client's text. */
    @Nullable String storageRefusal() {
        if (!ds.available(mgmt)) {
            return ds.clientError(mgmt);
        }
        return faults.accessRevoked() ? ApiErrors.permissionDenied() : null;
    }

    int readyCount(Instant now) {
        int n = 0;
        for (Pod p : pods) {
            if (ready(p, now)) {
                n++;
            }
        }
        return n;
    }

    /** kubectl's text when no kube-apiserver of the TCP is ready (its Service has no endpoints), else null. */
    @Nullable String connectionRefusal(Instant now) {
        return readyCount(now) == 0 ? ApiErrors.refused(endpoint) : null;
    }

    /** What the tenant's API server answers a request now: null when it serves it, else the client's text. */
    @Nullable String refusal(Instant now) {
        if (readyCount(now) == 0) {
            return ApiErrors.refused(endpoint);
        }
        return storageRefusal();
    }

    /**
     * What Kamaji's write-permissions webhook answers a write to a namespaced object of {@code namespace} (verb
     * {@code create}, {@code update} or {@code delete}): it matches top-level resources only (not subresources
     * such as pods/binding) and leaves out {@code kube-system} and {@code kube-node-lease}.
     */
    @Nullable String writeRefusal(String verb, String namespace) {
        ControlPlaneSpec.WritePermissions w = spec.writePermissions();
        boolean blocked = "create".equals(verb) && w.blockCreation() || "update".equals(verb) && w.blockUpdate()
                || "delete".equals(verb) && w.blockDeletion();
        if (!blocked || "kube-system".equals(namespace) || "kube-node-lease".equals(namespace)) {
            return null;
        }
        return ApiErrors.writeLimited();
    }

    /** Whether the Konnectivity servers are up with agents connected (ignoring the agents' own fault). */
    @Nullable String tunnelCause(Instant now) {
        if (spec.konnectivity() == null) {
            return "context deadline exceeded";
        }
        if (faults.agentsReconnecting(now)) {
            return "No agent available";
        }
        return null;
    }

    // ------------------------------------------------------------------ the controllers

    /** Brings pods, ReplicaSets and status in line at {@code now}; returns whether anything changed. */
    boolean reconcile(Instant now) {
        boolean changed = evict(now);
        changed |= deployment.reconcile(now);
        changed |= schedule(now);
        changed |= updateStatus(now);
        return changed;
    }

    private boolean schedule(Instant now) {
        boolean changed = false;
        for (Pod p : pods) {
            if (p.node != null) {
                continue;
            }
            ManagementFit.Decision d = mgmt.fit.place(owner(), podRequest(), spec.nodeSelector());
            if (d.node() == null) {
                if (!d.message().equals(p.pending)) {
                    p.pending = d.message();
                    mgmt.event("Pod/" + spec.namespace() + "/" + p.name, EventLog.WARNING, "FailedScheduling",
                            d.message(), "default-scheduler");
                    changed = true;
                }
                continue;
            }
            p.node = d.node();
            p.startedAt = now;
            p.pending = "";
            mgmt.fit.hold(d.node(), owner(), podRequest(), 1);
            mgmt.event("Pod/" + spec.namespace() + "/" + p.name, EventLog.NORMAL, "Scheduled", "Successfully assigned "
                    + spec.namespace() + "/" + p.name + " to " + d.node(), "default-scheduler");
            changed = true;
        }
        return changed;
    }

    /** Pods on a lost node are evicted when the taint manager's toleration (300 s) runs out. */
    private boolean evict(Instant now) {
        boolean changed = false;
        for (Iterator<Pod> it = new ArrayList<>(pods).iterator(); it.hasNext(); ) {
            Pod p = it.next();
            if (p.evictAt != null && !now.isBefore(p.evictAt)) {
                remove(p, "TaintManagerEviction", "Marking for deletion Pod " + spec.namespace() + "/" + p.name,
                        "taint-eviction-controller");
                changed = true;
            }
        }
        return changed;
    }

    void remove(Pod p, String reason, String message, String source) {
        if (p.node != null) {
            mgmt.fit.hold(p.node, owner(), podRequest(), -1);
        }
        pods.remove(p);
        mgmt.event("Pod/" + spec.namespace() + "/" + p.name, EventLog.NORMAL, reason, message, source);
    }

    private boolean updateStatus(Instant now) {
        String current = spec.version().text();
        int replicas = pods.size();
        int updated = (int) pods.stream().filter(p -> p.version.equals(current)).count();
        int ready = readyCount(now);
        int unavailable = Math.max(0, deployment.totalTarget() - ready);
        TcpStatus.Result r = TcpStatus.compute(new TcpStatus.Input(spec.replicas(), replicas, updated, ready,
                unavailable, true, spec.writePermissions().any(), installed, current, false));
        boolean changed = !r.status().equals(status) || !r.installedVersion().equals(installed);
        if (changed) {
            status = r.status();
            installed = r.installedVersion();
            mgmt.event(object(), TcpStatus.READY.equals(status) || TcpStatus.SLEEPING.equals(status)
                    ? EventLog.NORMAL : EventLog.WARNING, status, statusMessage(ready, current, now), "kamaji");
        }
        return changed;
    }

    /**
     * The status change as Kamaji writes it ({@code status.kubernetesResources.version.status}; Kamaji has no
     * conditions): the word alone said "is Unknown" on a lost replica, which reads as gpulab not knowing, while it is
     * Kamaji's word for a Deployment neither all ready nor rolling to a new version, and the API server still serves.
     */
    private String statusMessage(int ready, String current, Instant now) {
        String m = "TenantControlPlane " + tenant + " status " + status + " (" + ready + "/" + spec.replicas()
                + " replicas ready, version " + (installed.isEmpty() ? "none yet" : installed)
                + (current.equals(installed) ? "" : ", spec " + current) + ")";
        if (!mgmt.kamajiRuns()) {
            // nobody writes it: a real cluster keeps the last status Kamaji wrote (docs/kamaji-model.md)
            return m + ": what Kamaji would compute; its controller is not running (no management node is Ready), so "
                    + "a real cluster's status keeps the last one written";
        }
        if (TcpStatus.UNKNOWN.equals(status)) {
            m += ": Kamaji's computeStatus reads Unknown while its Deployment is neither all ready nor upgrading"
                    + (refusal(now) == null ? "; its API server serves from the ready replica" + (ready == 1 ? "" : "s")
                    : "");
        }
        return m;
    }

    /** The next instant after {@code now} at which a pod becomes ready or is evicted, or null. */
    @Nullable Instant nextEvent(Instant now) {
        Instant next = null;
        for (Pod p : pods) {
            if (p.startedAt != null && p.node != null && mgmt.nodeReady(p.node)) {
                next = earliest(next, p.startedAt.plus(START), now);
            }
            if (p.evictAt != null) {
                next = earliest(next, p.evictAt, now);
            }
        }
        return faults.nextEvent(next, now);
    }

    static @Nullable Instant earliest(@Nullable Instant a, Instant b, Instant now) {
        if (!b.isAfter(now)) {
            return a;
        }
        return a == null || b.isBefore(a) ? b : a;
    }

    // ------------------------------------------------------------------ views

    /** Whether anything the views show has changed since the last call (status, pods, readiness, tunnel). */
    boolean looksChanged(Instant now) {
        return views.looksChanged(now);
    }

    ControlPlaneView view(Instant now) {
        return views.view(now);
    }
}
