package io.gpulab.engine.scenario;

import static io.gpulab.engine.scenario.StepReader.podKey;

import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.sim.RegisteredCards;
import java.util.List;

/**
 * Reads the {@code fault} steps: what breaks in a tenant (link, card, plugin, lock patch, control plane, kubelet)
 * or in the management cluster (a DataStore or its member, a management node), each checked against the lab.
 */
final class FaultStepReader {

    private final StepRefs refs;

    FaultStepReader(StepRefs refs) {
        this.refs = refs;
    }

    Step fault(int line, String label, ScenarioNode a) {
        if (a.has("dataStore") || a.has("managementNode")) {
            return management(line, label, a);
        }
        a.object("tenant", "konnectivity", "card", "health", "plugin", "node", "lockPatch", "times", "holder", "value",
                "tcpReplica", "pod", "konnectivityServer", "dataStoreAccess", "component", "state", "kubelet");
        String tenant = refs.tenant(a);
        String kind = a.oneOf("a fault", "konnectivity", "card", "plugin", "lockPatch", "tcpReplica",
                "konnectivityServer", "dataStoreAccess", "component", "kubelet");
        if ("kubelet".equals(kind)) {
            boolean up = "up".equals(a.get("kubelet").choice("down", "up"));
            return new Step.KubeletFault(line, label, tenant, refs.node(a, tenant), up);
        }
        if ("dataStoreAccess".equals(kind)) {
            return new Step.DataStoreAccess(line, label, tenant,
                    "granted".equals(a.get("dataStoreAccess").choice("revoked", "granted")));
        }
        if ("component".equals(kind)) {
            String c = a.get("component").choice(io.gpulab.engine.lab.ControlPlaneSpec.KUBE_SCHEDULER,
                    io.gpulab.engine.lab.ControlPlaneSpec.KUBE_CONTROLLER_MANAGER);
            return new Step.ComponentFault(line, label, tenant, c, "up".equals(a.get("state").choice("down", "up")));
        }
        if ("tcpReplica".equals(kind)) {
            a.get("tcpReplica").choice("lost");
            return new Step.TcpReplicaLost(line, label, tenant, a.has("pod") ? a.get("pod").text() : null);
        }
        if ("konnectivityServer".equals(kind)) {
            a.get("konnectivityServer").choice("restart");
            return new Step.KonnectivityServerRestart(line, label, tenant);
        }
        if ("lockPatch".equals(kind)) {
            int times = a.has("times") ? a.get("times").integer(1) : 1;
            String patch = a.get("lockPatch").choice("conflict", "lost");
            if ((a.has("holder") || a.has("value")) && !"conflict".equals(patch)) {
                throw a.error("holder and value name what a conflicting write left: lockPatch: conflict only");
            }
            if (a.has("holder") && a.has("value")) {
                throw a.error("a conflicting write leaves a holder's lock or a value, not both");
            }
            return new Step.LockPatchFault(line, label, tenant, refs.node(a, tenant), patch, times,
                    a.has("holder") ? podKey(a.get("holder").text()) : null,
                    a.has("value") ? a.get("value").scalar() : null);
        }
        switch (kind) {
            case "konnectivity" -> {
                boolean up = "up".equals(a.get("konnectivity").choice("up", "down"));
                return new Step.Konnectivity(line, label, tenant, up);
            }
            case "card" -> {
                String card = a.get("card").text();
                List<String> ids = refs.registered(a, tenant).values().stream().flatMap(List::stream)
                        .map(RegisteredCards.Card::id).toList();
                if (!ids.contains(card)) {
                    throw a.get("card").error("tenant " + tenant + " has no card '" + card + "' (cards: "
                            + String.join(", ", ids) + ")");
                }
                return new Step.CardHealth(line, label, tenant, card, a.get("health").bool());
            }
            default -> {
                a.get("plugin").choice("restart");
                return new Step.PluginRestart(line, label, tenant, refs.node(a, tenant));
            }
        }
    }

    /** The Kamaji faults: a DataStore member or the whole DataStore, a management node (no tenant). */
    private Step management(int line, String label, ScenarioNode a) {
        a.object("dataStore", "member", "managementNode", "state");
        String what = a.oneOf("a management fault", "dataStore", "managementNode");
        if ("dataStore".equals(what)) {
            String ds = refs.dataStore(a);
            String member = null;
            if (a.has("member")) {
                member = a.get("member").text();
                List<String> members = refs.lab().management().dataStores().stream().filter(d -> d.name().equals(ds))
                        .findFirst().orElseThrow().members().stream().map(DataStoreSpec.Member::name).toList();
                if (!members.contains(member)) {
                    throw a.get("member").error("DataStore " + ds + " has no member '" + member + "' (members: "
                            + String.join(", ", members) + ")");
                }
            }
            return new Step.DataStoreFault(line, label, ds, member, "up".equals(a.get("state").choice("down", "up")));
        }
        String node = a.get("managementNode").text();
        List<String> nodes = refs.lab().management().nodes().stream().map(io.gpulab.engine.lab.ManagementNodeSpec::name)
                .toList();
        if (!nodes.contains(node)) {
            throw a.get("managementNode").error("no management node '" + node + "' (nodes: " + String.join(", ", nodes)
                    + ")");
        }
        return new Step.ManagementNodeFault(line, label, node, a.get("state").choice("lost", "drained", "ready"));
    }

}
