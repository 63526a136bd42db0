package io.gpulab.engine.sim;

import io.gpulab.engine.kamaji.KamajiVersions;
import io.gpulab.engine.kamaji.ManagementFit;
import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.KubeVersion;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Faults of the Kamaji half and the upgrade (docs/kamaji-model.md): DataStore members, management nodes, control
 * plane pods, the Konnectivity servers, write permissions, {@code spec.kubernetes.version}. Each changes the
 * management cluster and then lets it settle, as its controllers would.
 */
final class KamajiFaults {

    private final SimLab lab;

    KamajiFaults(SimLab lab) {
        this.lab = lab;
    }

    private SimManagement m() {
        return lab.management();
    }

    private SimDataStore store(String name) {
        SimDataStore d = m().stores.get(name);
        if (d == null) {
            throw new IllegalArgumentException("DataStore \"" + name + "\" not found (DataStores: "
                    + String.join(", ", m().stores.keySet()) + ")");
        }
        return d;
    }

    private SimTcp tcp(SimTenant t) {
        return t.tcp;
    }

    String dataStoreMember(String dataStore, @Nullable String member, boolean up) {
        SimDataStore d = store(dataStore);
        java.util.List<Integer> which = new ArrayList<>();
        if (member == null) {
            for (int i = 0; i < d.stopped.length; i++) {
                which.add(i);
            }
        } else {
            which.add(d.member(member));
        }
        boolean any = false;
        for (int i : which) {
            if (d.stopped[i] == !up) {
                continue;
            }
            d.stopped[i] = !up;
            any = true;
            String name = d.spec.members().get(i).name();
            m().event("Pod/kamaji-system/" + name, up ? EventLog.NORMAL : EventLog.WARNING, up ? "Started" : "Killing",
                    up ? "Started container etcd" : "Stopping container etcd (member " + name + " of DataStore "
                    + d.name() + " stopped)", "kubelet");
        }
        if (!any) {
            return "DataStore " + dataStore + (member == null ? "" : " member " + member) + " is already "
                    + (up ? "up" : "down");
        }
        m().settle();
        return "";
    }

    String loseReplica(SimTenant t, @Nullable String pod) {
        SimTcp tcp = tcp(t);
        Instant now = lab.now();
        SimTcp.Pod victim = null;
        for (SimTcp.Pod p : tcp.pods) {
            if (pod == null ? tcp.ready(p, now) : p.name.equals(pod)) {
                victim = p;
                break;
            }
        }
        if (victim == null) {
            throw new IllegalArgumentException(pod == null ? t.name + ": no ready pod of TenantControlPlane " + t.name
                    + " to lose" : "TenantControlPlane " + t.name + " has no pod \"" + pod + "\" (pods: "
                    + String.join(", ", tcp.pods.stream().map(p -> p.name).toList()) + ")");
        }
        tcp.remove(victim, "Killing", "Stopping container " + ControlPlaneSpec.KUBE_APISERVER + " (pod " + victim.name
                + " lost)", "kubelet");
        m().settle();
        return "";
    }

    String managementNode(String node, String state) {
        ManagementFit.NodeState before = m().fit.state(node);
        Instant now = lab.now();
        switch (state) {
            case "lost" -> {
                if (before == ManagementFit.NodeState.UNREACHABLE) {
                    return "management node " + node + " is already lost";
                }
                m().fit.state(node, ManagementFit.NodeState.UNREACHABLE);
                Instant evict = now.plus(SimManagement.NODE_GRACE).plus(SimManagement.TOLERATION);
                for (SimTcp tcp : m().tcps.values()) {
                    tcp.pods.stream().filter(p -> node.equals(p.node)).forEach(p -> p.evictAt = evict);
                }
                m().event("Node/" + node, EventLog.WARNING, "NodeNotReady", "Node " + node + " status is now: "
                        + "NodeNotReady (its pods are evicted at " + evict + ", after the grace period and the 300 s "
                        + "toleration)", "node-controller");
            }
            case "drained" -> {
                if (before == ManagementFit.NodeState.CORDONED) {
                    return "management node " + node + " is already drained";
                }
                m().fit.state(node, ManagementFit.NodeState.CORDONED);
                m().event("Node/" + node, EventLog.NORMAL, "NodeNotSchedulable", "Node " + node + " status is now: "
                        + "NodeNotSchedulable (kubectl drain)", "kubectl");
                for (SimTcp tcp : m().tcps.values()) {
                    for (SimTcp.Pod p : new ArrayList<>(tcp.pods)) {
                        if (node.equals(p.node)) {
                            tcp.remove(p, "Evicted", "Evicted by kubectl drain " + node, "kubectl");
                        }
                    }
                }
            }
            case "ready" -> {
                if (before == ManagementFit.NodeState.READY) {
                    return "management node " + node + " is already ready";
                }
                m().fit.state(node, ManagementFit.NodeState.READY);
                for (SimTcp tcp : m().tcps.values()) {
                    tcp.pods.stream().filter(p -> node.equals(p.node)).forEach(p -> {
                        // a lost node back before the eviction: its kubelet restarts the containers
                        p.evictAt = null;
                        p.startedAt = now;
                    });
                }
                m().event("Node/" + node, EventLog.NORMAL, before == ManagementFit.NodeState.CORDONED
                        ? "NodeSchedulable" : "NodeReady", "Node " + node + " status is now: " + (before
                        == ManagementFit.NodeState.CORDONED ? "NodeSchedulable (kubectl uncordon)" : "NodeReady"),
                        "node-controller");
            }
            default -> throw new IllegalArgumentException("managementNode state: lost, drained or ready, got " + state);
        }
        m().settle();
        return "";
    }

    String restartKonnectivity(SimTenant t) {
        SimTcp tcp = tcp(t);
        if (tcp.spec.konnectivity() == null) {
            throw new IllegalArgumentException(t.name + ": TenantControlPlane " + t.name + " runs no konnectivity-server "
                    + "(spec.addons.konnectivity is not set)");
        }
        tcp.faults.agentsBackAt = lab.now().plus(SimTcp.AGENTS_RECONNECT);
        m().event(tcp.object(), EventLog.WARNING, "KonnectivityServerRestarted", "konnectivity-server restarted in "
                + tcp.pods.size() + " pod(s) of " + t.name + "; the agents reconnect by " + tcp.faults.agentsBackAt
                + " (--sync-interval-cap 10s); until then webhook calls through the tunnel fail with \"No agent "
                + "available\"", "kubelet");
        m().settle();
        return "";
    }

    /**
     * The tenant's etcd role loses (or gets back) READWRITE on {@code /<schema>/}: only that tenant's kube-apiserver
     * is refused; the DataStore, its quorum and every other tenant's role are untouched. Kine drivers keep one
     * database and user per tenant, which gpulab does not fail.
     */
    String dataStoreAccess(SimTenant t, boolean granted) {
        SimTcp tcp = tcp(t);
        if (tcp.ds.spec.kine()) {
            throw new IllegalArgumentException(t.name + ": DataStore " + tcp.ds.name() + " is " + tcp.ds.spec.driver()
                    + ": gpulab revokes a tenant's access on etcd DataStores only (the etcd role Kamaji creates on "
                    + "the tenant's prefix); a " + tcp.ds.spec.driver() + " tenant's database and user are not "
                    + "modelled");
        }
        Instant now = lab.now();
        if (granted == (tcp.faults.accessRevokedSince == null)) {
            return t.name + "'s access to " + tcp.prefix() + " in DataStore " + tcp.ds.name() + " is already "
                    + (granted ? "granted" : "revoked");
        }
        String role = "etcd role " + tcp.schema + " (user " + tcp.schema + ")";
        // the role is named after the schema: control planes given the same dataStoreSchema share it
        List<SimTcp> sharing = m().tcps.values().stream().filter(o -> o.ds == tcp.ds && o.schema.equals(tcp.schema))
                .toList();
        if (granted) {
            for (SimTcp o : sharing) {
                // only a revocation that outlasted the readiness threshold left the API servers not ready
                o.faults.accessBackAt = !now.isBefore(o.faults.accessRevokedSince.plus(SimDataStore.READINESS_FAILS)) ? now : null;
                o.faults.accessRevokedSince = null;
            }
            m().event(tcp.object(), EventLog.NORMAL, "DataStoreAccessGranted", role + " has READWRITE on "
                    + tcp.prefix() + " in DataStore " + tcp.ds.name() + " again (etcdctl role grant-permission "
                    + tcp.schema + " --prefix=true readwrite " + tcp.prefix() + ")", "etcdctl");
        } else {
            for (SimTcp o : sharing) {
                o.faults.accessRevokedSince = now;
                o.faults.accessBackAt = null;
            }
            m().event(tcp.object(), EventLog.WARNING, "DataStoreAccessRevoked", role + " lost READWRITE on "
                    + tcp.prefix() + " in DataStore " + tcp.ds.name() + " (etcdctl role revoke-permission "
                    + tcp.schema + " --prefix=true " + tcp.prefix() + "): " + t.name + "'s kube-apiserver reads "
                    + "etcdserver: permission denied; its /readyz etcd check fails after 3 probes of 10 s",
                    "etcdctl");
        }
        m().settle();
        sharing.forEach(o -> lab.tenant(o.tenant).changed());
        return "";
    }

    /**
     * kube-scheduler or kube-controller-manager stops working in every replica of the tenant's control plane (or
     * works again). Its container keeps running, so the pods stay Ready: a crash-looping container would make the
     * whole pod NotReady, which is the API server's failure ({@code tcpReplica: lost}).
     */
    String component(SimTenant t, String component, boolean up) {
        if (!ControlPlaneSpec.KUBE_SCHEDULER.equals(component)
                && !ControlPlaneSpec.KUBE_CONTROLLER_MANAGER.equals(component)) {
            throw new IllegalArgumentException("component: " + ControlPlaneSpec.KUBE_SCHEDULER + " or "
                    + ControlPlaneSpec.KUBE_CONTROLLER_MANAGER + ", got " + component);
        }
        SimTcp tcp = tcp(t);
        if (up != tcp.faults.stopped.contains(component)) {
            return component + " of " + t.name + " is already " + (up ? "up" : "down");
        }
        if (up) {
            tcp.faults.stopped.remove(component);
        } else {
            tcp.faults.stopped.add(component);
        }
        boolean scheduler = ControlPlaneSpec.KUBE_SCHEDULER.equals(component);
        m().event(tcp.object(), up ? EventLog.NORMAL : EventLog.WARNING, up ? "ComponentWorking" : "ComponentStopped",
                component + " of " + t.name + (up ? " works again in its " + tcp.pods.size() + " pod(s)"
                : " stopped working in all " + tcp.pods.size() + " pod(s); its container runs, the pods stay Ready"
                + (scheduler ? ": pods for default-scheduler stay Pending and no event is written"
                : ": nodes that stop posting status are not marked NotReady, nothing is evicted")), "kubelet");
        m().settle();
        t.changed();
        if (up && scheduler) {
            t.pending.releaseAll();
            lab.retryPending(t);
        }
        return "";
    }

    String writePermissions(SimTenant t, ControlPlaneSpec.WritePermissions w) {
        SimTcp tcp = tcp(t);
        boolean wasBlockingUpdate = tcp.spec.writePermissions().blockUpdate();
        tcp.spec = tcp.spec.withWritePermissions(w);
        m().event(tcp.object(), EventLog.NORMAL, "Updated", "spec.writePermissions of " + t.name + " set to "
                + w.text() + (w.any() ? ": Kamaji installs ValidatingWebhookConfiguration kamaji-write-permissions in "
                + "the tenant" : ": Kamaji removes kamaji-write-permissions"), "kubectl");
        m().settle();
        t.changed();
        if (wasBlockingUpdate && !w.blockUpdate()) {
            lab.retryPending(t);
        }
        return "";
    }

    String scale(SimTenant t, int replicas) {
        if (replicas < 0) {
            throw new IllegalArgumentException("replicas must be >= 0, got " + replicas);
        }
        SimTcp tcp = tcp(t);
        int before = tcp.spec.replicas();
        tcp.spec = tcp.spec.withReplicas(replicas);
        m().event(tcp.object(), EventLog.NORMAL, "Scaled", "TenantControlPlane " + t.name + " scaled from " + before
                + " to " + replicas + " replicas" + (replicas == 0 ? " (Sleeping)" : ""), "kubectl");
        m().settle();
        return "";
    }

    String upgrade(SimTenant t, String version) {
        SimTcp tcp = tcp(t);
        KubeVersion to = KubeVersion.parse(version, "version");
        String refusal = KamajiVersions.refusal(tcp.spec.version(), to);
        if (refusal != null) {
            // the admission webhook's denial, as kubectl prints it for a custom resource
            throw new IllegalArgumentException("Error from server (Forbidden): admission webhook "
                    + "\"vtenantcontrolplane.kb.io\" denied the request: " + refusal);
        }
        if (to.equals(tcp.spec.version())) {
            return "TenantControlPlane " + t.name + " is already at " + to;
        }
        KubeVersion from = tcp.spec.version();
        tcp.spec = tcp.spec.withVersion(to);
        tcp.template = io.gpulab.engine.kamaji.TcpPodTemplate.of(tcp.spec, tcp.ds.spec);
        m().event(tcp.object(), EventLog.NORMAL, "Updated", "spec.kubernetes.version of " + t.name + " " + from
                + " -> " + to + ": the Deployment rolls out (" + tcp.spec.strategy().type() + ", maxSurge "
                + tcp.spec.strategy().maxSurge() + ", maxUnavailable " + tcp.spec.strategy().maxUnavailable() + ")",
                "kubectl");
        m().settle();
        return "";
    }
}
