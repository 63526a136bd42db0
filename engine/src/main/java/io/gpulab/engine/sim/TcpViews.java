package io.gpulab.engine.sim;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.kamaji.ApiErrors;
import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.KubeVersion;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What the views show of one TenantControlPlane: its components, its pods and why each is not ready, what its state
 * means for the tenant, and whether any of it changed since the views last looked.
 */
final class TcpViews {

    private final SimTcp tcp;
    /** What the views showed last ({@link #looksChanged}). */
    private String shown = "";

    TcpViews(SimTcp tcp) {
        this.tcp = tcp;
    }

    /** Whether anything the views show has changed since the last call (status, pods, readiness, tunnel). */
    boolean looksChanged(Instant now) {
        StringBuilder sig = new StringBuilder(tcp.status).append('|').append(tcp.installed).append('|')
                .append(tcp.spec.writePermissions()).append('|').append(tcp.tunnelCause(now)).append('|')
                .append(tcp.ds.readinessOk(now)).append(tcp.ds.available(tcp.mgmt))
                // the text a DataStore without quorum gives depends on whether any member is up
                .append(tcp.ds.upCount(tcp.mgmt));
        tcp.faults.sign(sig, now);
        for (SimTcp.Pod p : tcp.pods) {
            sig.append('|').append(p.name).append(p.node).append(tcp.ready(p, now)).append(p.pending)
                    .append(p.evictAt);
        }
        String s = sig.toString();
        boolean changed = !s.equals(shown);
        shown = s;
        return changed;
    }

    ControlPlaneView view(Instant now) {
        ControlPlaneSpec spec = tcp.spec;
        boolean anyReady = tcp.readyCount(now) > 0;
        List<ControlPlaneView.ComponentView> comps = new ArrayList<>();
        for (String c : tcp.template.names()) {
            boolean up = anyReady && tcp.works(c) && !(ControlPlaneSpec.KONNECTIVITY_SERVER.equals(c)
                    && tcp.faults.agentsReconnecting(now));
            comps.add(new ControlPlaneView.ComponentView(c, up));
        }
        List<ControlPlaneView.TcpPodView> pv = new ArrayList<>();
        for (SimTcp.Pod p : tcp.pods) {
            boolean r = tcp.ready(p, now);
            pv.add(new ControlPlaneView.TcpPodView(p.name, p.node == null ? "" : p.node, p.node == null ? "Pending"
                    : "Running", r, p.version, r ? "" : notReady(p, now)));
        }
        String refusal = tcp.refusal(now);
        String current = spec.version().text();
        int updated = (int) tcp.pods.stream().filter(p -> p.version.equals(current)).count();
        return new ControlPlaneView(tcp.tenant, spec.namespace(), tcp.status, current, tcp.endpoint, comps,
                tcp.schema, tcp.installed, spec.replicas(), tcp.readyCount(now), updated, tcp.ds.name(),
                refusal == null ? "" : refusal, spec.writePermissions().text(), pv, effects(now, refusal),
                tcp.kubelets.views(serving(now)), "", faultsInEffect());
    }

    /** Its own faults and its workers' kubelets down, in the words of their scenario steps. */
    private List<String> faultsInEffect() {
        List<String> out = tcp.faults.inEffect();
        SimTenant t = tcp.mgmt.lab.tenants().get(tcp.tenant);
        if (t != null) {
            out.addAll(t.lifecycle.faults());
        }
        return out;
    }

    /** The API server versions running now: those of ready pods, else the spec's. */
    private SortedSet<KubeVersion> serving(Instant now) {
        SortedSet<KubeVersion> out = new TreeSet<>();
        for (SimTcp.Pod p : tcp.pods) {
            if (tcp.ready(p, now)) {
                out.add(KubeVersion.parse(p.version, "version"));
            }
        }
        if (out.isEmpty()) {
            out.add(tcp.spec.version());
        }
        return out;
    }

    private String notReady(SimTcp.Pod p, Instant now) {
        if (p.node == null) {
            return p.pending;
        }
        if (!tcp.mgmt.nodeReady(p.node)) {
            return "node " + p.node + " is " + tcp.mgmt.nodeStateText(p.node) + (p.evictAt != null ? "; evicted at "
                    + p.evictAt : "");
        }
        if (p.startedAt != null && now.isBefore(p.startedAt.plus(SimTcp.START))) {
            return "starting: Ready at " + p.startedAt.plus(SimTcp.START);
        }
        if (!tcp.faults.accessReadinessOk(now)) {
            return "readiness probe failed: /readyz etcd check (/" + tcp.schema + "/health: etcdserver: permission "
                    + "denied)";
        }
        return "readiness probe failed: /readyz etcd check (DataStore " + tcp.ds.name() + " "
                + tcp.ds.storageError(tcp.mgmt) + ")";
    }

    /**
     * When the pods' {@code /readyz} etcd check will change the control plane's readiness, while their storage is the
     * cause: Kamaji reads Ready for up to 30 s after the DataStore stops answering (3 failed probes of 10 s), and
     * NotReady for one period after it answers again. Null when nothing is coming. The instant is ISO (views show it
     * on the lab's clock).
     */
    private @Nullable String readinessForecast(Instant now) {
        SimDataStore ds = tcp.ds;
        ControlPlaneFaults f = tcp.faults;
        boolean podsUp = tcp.pods.stream().anyMatch(p -> p.node != null && tcp.mgmt.nodeReady(p.node));
        if (!podsUp) {
            return null;
        }
        if (ds.downSince != null && ds.readinessOk(now) && tcp.readyCount(now) > 0) {
            return "kube-apiserver pods still ready, though DataStore " + ds.name() + " has no quorum: their /readyz "
                    + "etcd check fails 3 probes of 10 s first; not ready from " + ds.downSince.plus(
                    SimDataStore.READINESS_FAILS) + " unless the quorum returns";
        }
        if (f.accessRevokedSince != null && f.accessReadinessOk(now) && tcp.readyCount(now) > 0) {
            return "kube-apiserver pods still ready, though their etcd role lost its permission: their /readyz etcd "
                    + "check fails 3 probes of 10 s first; not ready from " + f.accessRevokedSince.plus(
                    SimDataStore.READINESS_FAILS) + " unless it is granted again";
        }
        if (ds.downSince == null && ds.backAt != null && !ds.readinessOk(now)) {
            return "DataStore " + ds.name() + " answers again: the kube-apiserver pods pass their next /readyz probe "
                    + "at " + ds.backAt.plus(SimDataStore.READINESS_PERIOD);
        }
        if (f.accessRevokedSince == null && f.accessBackAt != null && !f.accessReadinessOk(now)) {
            return "the etcd role's permission is back: the kube-apiserver pods pass their next /readyz probe at "
                    + f.accessBackAt.plus(SimDataStore.READINESS_PERIOD);
        }
        return null;
    }

    private List<String> effects(Instant now, @Nullable String refusal) {
        List<String> out = new ArrayList<>();
        String readiness = readinessForecast(now);
        if (readiness != null) {
            out.add(readiness);
        }
        if (refusal != null) {
            out.add("creates and reads refused: " + refusal);
            out.add("nothing new is scheduled or bound: the schedulers talk to this API server");
            out.add("running pods keep running: their kubelets run them without the API server");
            out.add("node leases are not renewed, yet no node is marked NotReady: kube-controller-manager, which "
                    + "would mark them, reaches the same API server");
        }
        String tunnel = tcp.tunnelCause(now);
        if (refusal == null && tunnel != null) {
            out.add("webhooks through Konnectivity fail: " + tunnel);
        }
        if (refusal == null) {
            tcp.faults.effects(out);
        }
        if (refusal == null && tcp.spec.writePermissions().any()) {
            out.add("writes limited (" + tcp.spec.writePermissions().text() + "): " + ApiErrors.writeLimited());
        }
        return out;
    }
}
