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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One tenant's TenantControlPlane in the management cluster: its Deployment (one ReplicaSet per Kubernetes version,
 * rolled as the Deployment controller does with the spec's strategy), its pods placed by kube-scheduler on the
 * management nodes, and the status Kamaji computes from them ({@link TcpStatus}). What the tenant's clients read
 * follows from it: {@link #refusal}.
 */
final class SimTcp {

    /** A TCP pod is Ready one probe period after it is bound: kube-apiserver answers its first startup probe. */
    static final Duration START = Duration.ofSeconds(10);
    /** konnectivity-agent retries every --sync-interval (1 s) doubling to --sync-interval-cap (10 s): the worst case. */
    static final Duration AGENTS_RECONNECT = Duration.ofSeconds(10);
    private static final String HASH_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

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
    /** Per Kubernetes version, its ReplicaSet's target replicas (in creation order). */
    final Map<String, Integer> rsTarget = new LinkedHashMap<>();
    final List<Pod> pods = new ArrayList<>();
    /** The tenant's workers' kubelets, checked against the version-skew policy. */
    final TcpKubelets kubelets = new TcpKubelets();
    /** Its own faults: etcd access revoked, components stopped, Konnectivity servers restarted. */
    final ControlPlaneFaults faults = new ControlPlaneFaults();
    private int podSeq;
    /** What the views showed last ({@link #looksChanged}). */
    private String shown = "";

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
            return ApiErrors.storageTimeout();
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

    // ------------------------------------------------------------------ the Deployment controller

    /** Brings pods, ReplicaSets and status in line at {@code now}; returns whether anything changed. */
    boolean reconcile(Instant now) {
        boolean changed = evict(now);
        String current = spec.version().text();
        int desired = spec.replicas();
        if (rsTarget.isEmpty()) {
            rsTarget.put(current, 0);
        }
        rsTarget.putIfAbsent(current, 0);
        if (ControlPlaneSpec.Strategy.RECREATE.equals(spec.strategy().type())) {
            changed |= recreate(current, desired);
        } else {
            changed |= rolling(current, desired, now);
        }
        changed |= replicaSets(now);
        changed |= schedule(now);
        changed |= updateStatus(now);
        return changed;
    }

    private boolean recreate(String current, int desired) {
        boolean changed = false;
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            if (!e.getKey().equals(current) && e.getValue() != 0) {
                e.setValue(0);
                changed = true;
            }
        }
        boolean oldLeft = pods.stream().anyMatch(p -> !p.version.equals(current));
        if (!oldLeft && rsTarget.get(current) != desired) {
            rsTarget.put(current, desired);
            changed = true;
        }
        return changed;
    }

    /** The Deployment controller's rolling update (maxSurge, maxUnavailable), as {@code rolling.go} does it. */
    private boolean rolling(String current, int desired, Instant now) {
        boolean changed = false;
        int surge = spec.strategy().surge(desired);
        int maxUnavailable = spec.strategy().unavailable(desired);
        int totalTarget = rsTarget.values().stream().mapToInt(Integer::intValue).sum();
        int newTarget = rsTarget.get(current);
        boolean onlyNew = rsTarget.entrySet().stream().allMatch(e -> e.getKey().equals(current) || e.getValue() == 0);
        if (onlyNew) {
            if (newTarget != desired) {
                rsTarget.put(current, desired);
                changed = true;
            }
        } else if (newTarget < desired) {
            int up = Math.min(desired - newTarget, Math.max(0, desired + surge - totalTarget));
            if (up > 0) {
                rsTarget.put(current, newTarget + up);
                changed = true;
            }
        }
        // scale old ReplicaSets down as far as availability allows: unhealthy pods first (cleanupUnhealthyReplicas)
        int minAvailable = desired - maxUnavailable;
        int newAvailable = (int) pods.stream().filter(p -> p.version.equals(current) && ready(p, now)).count();
        int allTarget = rsTarget.values().stream().mapToInt(Integer::intValue).sum();
        int maxScaledDown = allTarget - minAvailable - (rsTarget.get(current) - newAvailable);
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            if (maxScaledDown <= 0 || e.getKey().equals(current) || e.getValue() == 0) {
                continue;
            }
            String v = e.getKey();
            int available = (int) pods.stream().filter(p -> p.version.equals(v) && ready(p, now)).count();
            int unhealthy = Math.max(0, e.getValue() - available);
            int down = Math.min(maxScaledDown, unhealthy);
            if (down > 0) {
                e.setValue(e.getValue() - down);
                maxScaledDown -= down;
                changed = true;
            }
        }
        int availableAll = readyCount(now);
        int canRemove = availableAll - minAvailable;
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            if (canRemove <= 0 || e.getKey().equals(current) || e.getValue() == 0) {
                continue;
            }
            int down = Math.min(canRemove, e.getValue());
            e.setValue(e.getValue() - down);
            canRemove -= down;
            changed = true;
        }
        return changed;
    }

    /** Each ReplicaSet creates or removes pods to meet its target (removing unscheduled, then not ready first). */
    private boolean replicaSets(Instant now) {
        boolean changed = false;
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            String v = e.getKey();
            List<Pod> mine = pods.stream().filter(p -> p.version.equals(v)).toList();
            for (int i = mine.size(); i < e.getValue(); i++) {
                Pod p = new Pod(podName(v), v);
                pods.add(p);
                mgmt.event("Pod/" + spec.namespace() + "/" + p.name, EventLog.NORMAL, "SuccessfulCreate",
                        "Created pod: " + p.name, "replicaset-controller");
                changed = true;
            }
            int excess = mine.size() - e.getValue();
            if (excess > 0) {
                List<Pod> order = new ArrayList<>(mine);
                order.sort(java.util.Comparator.comparingInt((Pod p) -> p.node == null ? 0 : ready(p, now) ? 2 : 1));
                for (int i = 0; i < excess; i++) {
                    remove(order.get(i), "Killing", "Stopping container " + ControlPlaneSpec.KUBE_APISERVER
                            + " (ReplicaSet scaled down)", "kubelet");
                }
                changed = true;
            }
        }
        rsTarget.entrySet().removeIf(e -> e.getValue() == 0 && !e.getKey().equals(spec.version().text())
                && pods.stream().noneMatch(p -> p.version.equals(e.getKey())));
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
        int totalTarget = rsTarget.values().stream().mapToInt(Integer::intValue).sum();
        int unavailable = Math.max(0, totalTarget - ready);
        TcpStatus.Result r = TcpStatus.compute(new TcpStatus.Input(spec.replicas(), replicas, updated, ready,
                unavailable, true, spec.writePermissions().any(), installed, current, false));
        boolean changed = !r.status().equals(status) || !r.installedVersion().equals(installed);
        if (changed) {
            status = r.status();
            installed = r.installedVersion();
            mgmt.event(object(), TcpStatus.READY.equals(status) || TcpStatus.SLEEPING.equals(status)
                    ? EventLog.NORMAL : EventLog.WARNING, status, "TenantControlPlane " + tenant + " is " + status
                    + " (" + ready + "/" + spec.replicas() + " replicas ready, version " + (installed.isEmpty()
                    ? "none yet" : installed) + (current.equals(installed) ? "" : ", spec " + current) + ")", "kamaji");
        }
        return changed;
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

    private String podName(String version) {
        return tenant + "-" + hash(tenant + "/" + version, 10) + "-" + hash(tenant + "#" + (++podSeq), 5);
    }

    /** A pod-template-hash-like name part, stable for the same input (Kubernetes' safe alphabet). */
    private static String hash(String s, int len) {
        long h = 0xcbf29ce484222325L;
        for (char c : s.toCharArray()) {
            h = (h ^ c) * 0x100000001b3L;
        }
        StringBuilder out = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            out.append(HASH_ALPHABET.charAt((int) Long.remainderUnsigned(h, HASH_ALPHABET.length())));
            h = Long.divideUnsigned(h, HASH_ALPHABET.length()) ^ (h << 7);
        }
        return out.toString();
    }

    // ------------------------------------------------------------------ views

    /** Whether anything the views show has changed since the last call (status, pods, readiness, tunnel). */
    boolean looksChanged(Instant now) {
        StringBuilder sig = new StringBuilder(status).append('|').append(installed).append('|')
                .append(spec.writePermissions()).append('|').append(tunnelCause(now)).append('|')
                .append(ds.readinessOk(now)).append(ds.available(mgmt));
        faults.sign(sig, now);
        for (Pod p : pods) {
            sig.append('|').append(p.name).append(p.node).append(ready(p, now)).append(p.pending).append(p.evictAt);
        }
        String s = sig.toString();
        boolean changed = !s.equals(shown);
        shown = s;
        return changed;
    }

    ControlPlaneView view(Instant now) {
        boolean anyReady = readyCount(now) > 0;
        List<ControlPlaneView.ComponentView> comps = new ArrayList<>();
        for (String c : template.names()) {
            boolean up = anyReady && works(c) && !(ControlPlaneSpec.KONNECTIVITY_SERVER.equals(c)
                    && faults.agentsReconnecting(now));
            comps.add(new ControlPlaneView.ComponentView(c, up));
        }
        List<ControlPlaneView.TcpPodView> pv = new ArrayList<>();
        for (Pod p : pods) {
            boolean r = ready(p, now);
            pv.add(new ControlPlaneView.TcpPodView(p.name, p.node == null ? "" : p.node, p.node == null ? "Pending"
                    : "Running", r, p.version, r ? "" : notReady(p, now)));
        }
        String refusal = refusal(now);
        String current = spec.version().text();
        int updated = (int) pods.stream().filter(p -> p.version.equals(current)).count();
        return new ControlPlaneView(tenant, spec.namespace(), status, current, endpoint, comps, schema, installed,
                spec.replicas(), readyCount(now), updated, ds.name(), refusal == null ? "" : refusal,
                spec.writePermissions().text(), pv, effects(now, refusal), kubelets.views(serving(now)), "", faultsInEffect());
    }

    /** Its own faults and its workers' kubelets down, in the words of their scenario steps. */
    List<String> faultsInEffect() {
        List<String> out = faults.inEffect();
        SimTenant t = mgmt.lab.tenants().get(tenant);
        if (t != null) {
            out.addAll(t.lifecycle.faults());
        }
        return out;
    }

    /** The API server versions running now: those of ready pods, else the spec's. */
    java.util.SortedSet<io.gpulab.engine.lab.KubeVersion> serving(Instant now) {
        java.util.SortedSet<io.gpulab.engine.lab.KubeVersion> out = new java.util.TreeSet<>();
        for (Pod p : pods) {
            if (ready(p, now)) {
                out.add(io.gpulab.engine.lab.KubeVersion.parse(p.version, "version"));
            }
        }
        if (out.isEmpty()) {
            out.add(spec.version());
        }
        return out;
    }

    private String notReady(Pod p, Instant now) {
        if (p.node == null) {
            return p.pending;
        }
        if (!mgmt.nodeReady(p.node)) {
            return "node " + p.node + " is " + mgmt.nodeStateText(p.node) + (p.evictAt != null ? "; evicted at "
                    + p.evictAt : "");
        }
        if (p.startedAt != null && now.isBefore(p.startedAt.plus(START))) {
            return "starting: Ready at " + p.startedAt.plus(START);
        }
        if (!faults.accessReadinessOk(now)) {
            return "readiness probe failed: /readyz etcd check (/" + schema + "/health: etcdserver: permission "
                    + "denied)";
        }
        return "readiness probe failed: /readyz etcd check (DataStore " + ds.name() + " " + SimDataStore.ETCD_NO_QUORUM
                + ")";
    }

    private List<String> effects(Instant now, @Nullable String refusal) {
        List<String> out = new ArrayList<>();
        if (refusal != null) {
            out.add("creates and reads refused: " + refusal);
            out.add("nothing new is scheduled or bound: the schedulers talk to this API server");
            out.add("running pods keep running: their kubelets run them without the API server");
            out.add("node leases are not renewed, yet no node is marked NotReady: kube-controller-manager, which "
                    + "would mark them, reaches the same API server");
        }
        String tunnel = tunnelCause(now);
        if (refusal == null && tunnel != null) {
            out.add("webhooks through Konnectivity fail: " + tunnel);
        }
        if (refusal == null) {
            faults.effects(out);
        }
        if (refusal == null && spec.writePermissions().any()) {
            out.add("writes limited (" + spec.writePermissions().text() + "): " + ApiErrors.writeLimited());
        }
        return out;
    }
}
