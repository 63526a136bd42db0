package io.gpulab.engine.sim;

import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.kamaji.ManagementFit;
import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.lab.ManagementNodeSpec;
import io.gpulab.engine.lab.ManagementSpec;
import io.gpulab.engine.lab.PodResources;
import io.gpulab.engine.lab.TenantSpec;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The management cluster (docs/kamaji-model.md): its nodes, the DataStores' members on them, and one
 * {@link SimTcp} per tenant. It changes only when a Kamaji fault, an upgrade or the clock touches it, so a lab whose
 * control planes are untouched pays nothing per pod for it: the tenants only read a field or two on a create.
 */
final class SimManagement {

    /**
     * kube-controller-manager's {@code --node-monitor-grace-period}: a silent node is marked NotReady after it. 50 s
     * is the default since Kubernetes v1.32 (kubernetes/kubernetes#126287; 40 s before), the management cluster's
     * version not being stated.
     */
    static final Duration NODE_GRACE = NodeLifecycle.GRACE;
    /** The {@code node.kubernetes.io/unreachable:NoExecute} toleration every pod gets (DefaultTolerationSeconds). */
    static final Duration TOLERATION = NodeLifecycle.TOLERATION;
    static final String METALLB_POOL = "172.18.255.200-172.18.255.250";

    final SimLab lab;
    final ManagementSpec spec;
    final ManagementFit fit;
    final Map<String, SimDataStore> stores = new LinkedHashMap<>();
    /** Per tenant, its control plane, in tenant order. */
    final Map<String, SimTcp> tcps = new LinkedHashMap<>();
    private final Map<String, @Nullable String> lastRefusal = new LinkedHashMap<>();
    private @Nullable ManagementView view;

    SimManagement(SimLab lab, ManagementSpec spec) {
        this.lab = lab;
        this.spec = spec;
        this.fit = new ManagementFit(spec.nodes());
        for (DataStoreSpec d : spec.dataStores()) {
            SimDataStore s = new SimDataStore(d);
            stores.put(d.name(), s);
            for (int i = 0; i < d.members().size(); i++) {
                if (!d.members().get(i).inCluster()) {
                    continue;
                }
                ManagementFit.Decision p = fit.place(d.name(), PodResources.NONE, Map.of());
                if (p.node() != null) {
                    fit.hold(p.node(), d.name(), PodResources.NONE, 1);
                    s.node[i] = p.node();
                }
            }
        }
    }

    Instant now() {
        return lab.now();
    }

    void event(String object, String type, String reason, String message, String source) {
        view = null;
        lab.event("", object, type, reason, message, source);
    }

    boolean nodeReady(String node) {
        return fit.state(node) == ManagementFit.NodeState.READY;
    }

    /**
     * Whether Kamaji's controller runs: a pod of the management cluster, not placed by the model, it runs while a
     * node is Ready to hold it (every node lost or drained: it is not running, whatever it last wrote).
     */
    boolean kamajiRuns() {
        return spec.nodes().isEmpty() || spec.nodes().stream().anyMatch(n -> nodeReady(n.name()));
    }

    String nodeStateText(String node) {
        return switch (fit.state(node)) {
            case READY -> "Ready";
            case CORDONED -> "Ready,SchedulingDisabled";
            default -> "NotReady";
        };
    }

    /** A tenant's control plane, created as Kamaji creates it (status Provisioning until its Deployment reports). */
    SimTcp add(TenantSpec t, int index) {
        SimDataStore ds = stores.get(spec.dataStoreOf(t.controlPlane()).name());
        String ns = t.controlPlane().namespace();
        String uid = t.controlPlane().uid() != null ? t.controlPlane().uid() : UUID.nameUUIDFromBytes(
                ("tenantcontrolplane/" + ns + "/" + t.name()).getBytes(StandardCharsets.UTF_8)).toString();
        SimTcp tcp = new SimTcp(this, t.name(), t.controlPlane(), ds, uid, endpoint(t, index));
        t.workers().forEach(w -> tcp.kubelets.put(w.name(), t.kubeletOf(w)));
        tcps.put(t.name(), tcp);
        event(tcp.object(), EventLog.NORMAL, "Provisioning", "TenantControlPlane " + t.name() + " is Provisioning "
                + "(DataStore " + ds.name() + ", " + tcp.prefix() + ")", "kamaji");
        return tcp;
    }

    private String endpoint(TenantSpec t, int index) {
        return switch (t.controlPlane().serviceType()) {
            case "NodePort" -> "172.18.0.2:" + (31443 + index);
            case "ClusterIP" -> "10.96." + (index / 250) + "." + (10 + index % 240) + ":6443";
            default -> "172.18.255." + (200 + index % 51) + ":6443";
        };
    }

    /**
     * The lab as built: every control plane's pods placed and started before the clock starts (their start-up
     * is not played), so a lab whose management cluster holds them opens with every control plane Ready.
     */
    void bootstrap() {
        settle();
        Instant started = now().minus(SimTcp.START);
        for (SimTcp t : tcps.values()) {
            t.pods.forEach(p -> {
                if (p.node != null) {
                    p.startedAt = started;
                }
            });
        }
        settle();
    }

    /** Reconciles every control plane and DataStore until nothing changes (bounded: each pass moves a rollout). */
    void settle() {
        Instant now = now();
        for (int pass = 0; pass < 16; pass++) {
            boolean changed = false;
            for (SimDataStore d : stores.values()) {
                if (d.update(this, now)) {
                    event("DataStore/" + d.name(), d.downSince == null ? EventLog.NORMAL : EventLog.WARNING,
                            d.downSince == null ? "QuorumRestored" : "QuorumLost", "DataStore " + d.name() + ": "
                            + d.upCount(this) + " of " + d.spec.members().size() + " members up, " + d.spec.quorum()
                            + " needed" + (d.downSince == null ? "" : ": " + d.storageError(this)), "kamaji");
                    changed = true;
                }
            }
            for (SimTcp t : tcps.values()) {
                changed |= t.reconcile(now);
            }
            for (SimTenant t : lab.tenants().values()) {
                changed |= t.lifecycle.update(now);
            }
            if (!changed) {
                break;
            }
        }
        tenantsFollow(now);
    }

    /**
     * Tenants whose control plane looks different now are redrawn (only those: an untouched lab redraws nothing);
     * once a tenant's API server answers again, its scheduling queue is retried.
     */
    private void tenantsFollow(Instant now) {
        for (SimTcp t : tcps.values()) {
            String refusal = t.refusal(now);
            SimTenant tenant = lab.tenants().get(t.tenant);
            boolean looksChanged = t.looksChanged(now);
            if (tenant != null && looksChanged) {
                tenant.changed();
                view = null;
            }
            boolean had = lastRefusal.containsKey(t.tenant);
            String before = lastRefusal.put(t.tenant, refusal);
            if (had && before != null && refusal == null && tenant != null) {
                lab.retryPending(tenant);
            }
        }
    }

    /** The next instant after now at which the management cluster changes by itself, or null. */
    @Nullable Instant nextEvent() {
        Instant now = now();
        Instant next = null;
        for (SimTcp t : tcps.values()) {
            Instant n = t.nextEvent(now);
            if (n != null) {
                next = SimTcp.earliest(next, n, now);
            }
        }
        for (SimTenant t : lab.tenants().values()) {
            Instant n = t.lifecycle.nextEvent(now);
            if (n != null) {
                next = SimTcp.earliest(next, n, now);
            }
        }
        for (SimDataStore d : stores.values()) {
            Instant n = d.nextChange(now);
            if (n != null) {
                next = SimTcp.earliest(next, n, now);
            }
        }
        return next;
    }

    /** Moves the clock to {@code end}, playing every change due on the way at its own instant. */
    void advanceTo(Instant end, SimClock clock) {
        for (Instant next = nextEvent(); next != null && !next.isAfter(end); next = nextEvent()) {
            clock.advance(Duration.between(clock.now(), next));
            settle();
        }
        clock.advance(Duration.between(clock.now(), end));
        settle();
    }

    ManagementView view() {
        ManagementView v = view;
        if (v == null) {
            List<ManagementView.NodeView> nodes = new ArrayList<>();
            for (ManagementNodeSpec n : spec.nodes()) {
                List<String> pods = new ArrayList<>();
                for (SimDataStore d : stores.values()) {
                    for (int i = 0; i < d.node.length; i++) {
                        if (d.node[i].equals(n.name())) {
                            pods.add(d.spec.members().get(i).name());
                        }
                    }
                }
                for (SimTcp t : tcps.values()) {
                    t.pods.stream().filter(p -> n.name().equals(p.node)).forEach(p -> pods.add(p.name));
                }
                PodResources used = fit.used(n.name());
                nodes.add(new ManagementView.NodeView(n.name(), n.cpu(), n.memoryMiB(), n.zone() == null ? ""
                        : n.zone(), stateName(n.name()), used.cpuMilli(), used.memoryMiB(), pods));
            }
            List<ManagementView.DataStoreView> ds = new ArrayList<>();
            for (SimDataStore d : stores.values()) {
                ds.add(d.view(this, tcps.values().stream().filter(t -> t.ds == d).toList()));
            }
            SimDataStore first = stores.values().iterator().next();
            boolean kamaji = kamajiRuns();
            v = new ManagementView(spec.name(), kamaji, first.name(), first.spec.driver(), METALLB_POOL, List.of(),
                    nodes, ds);
            view = v;
        }
        return v;
    }

    private String stateName(String node) {
        return switch (fit.state(node)) {
            case READY -> "Ready";
            case CORDONED -> "SchedulingDisabled";
            default -> "NotReady";
        };
    }
}
