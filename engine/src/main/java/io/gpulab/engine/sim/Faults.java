package io.gpulab.engine.sim;

import io.gpulab.scheduler.codec.HamiAnnotations;


/**
 * What a user does to the lab besides submitting and deleting pods: remove a node lock by hand, cut
 * or restore Konnectivity, fail or heal a card, restart a device plugin.
 */
final class Faults {

    private final SimLab lab;

    Faults(SimLab lab) {
        this.lab = lab;
    }

    /** {@code kubectl annotate node <n> hami.io/mutex.lock-}: the article's workaround. */
    String unlock(SimTenant t, String nodeName) {
        SimNode n = node(t, nodeName);
        String lock = n.lockValue();
        if (lock == null) {
            return "node " + nodeName + " is not locked";
        }
        n.annotations.remove(HamiAnnotations.MUTEX_LOCK);
        n.changed();
        t.changed();
        lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "NodeLockRemoved", HamiAnnotations.MUTEX_LOCK
                + " (" + lock + ") removed by hand", "kubectl");
        lab.noteLockLost(t, lock, "lock removed by hand (kubectl annotate node " + nodeName + " "
                + HamiAnnotations.MUTEX_LOCK + "-)");
        lab.retryPending(t);
        return "";
    }

    String konnectivity(SimTenant t, boolean up) {
        if (t.agentsUp == up) {
            return "konnectivity agents of " + t.name + " are already " + (up ? "up" : "down");
        }
        t.agentsUp = up;
        t.changed();
        lab.event(t.name, "DaemonSet/kube-system/konnectivity-agent", up ? EventLog.NORMAL : EventLog.WARNING,
                up ? "AgentsConnected" : "AgentsDisconnected", up
                        ? "konnectivity agents connected to konnectivity-server; webhooks reachable again"
                        : "no konnectivity agent connected: calls from the API server to services in the tenant "
                        + "fail with \"No agent available\"", "gpulab");
        return "";
    }

    /** The device plugin re-registers the card with its new health; pods holding it are marked. */
    String cardHealth(SimTenant t, String cardId, boolean healthy) {
        SimNode n = t.cardNode.get(cardId);
        if (n == null) {
            throw new IllegalArgumentException(t.name + ": card \"" + cardId + "\" not found (cards: "
                    + String.join(", ", new java.util.TreeSet<>(t.cardNode.keySet())) + ")");
        }
        n.register(n.registration().withHealth(cardId, healthy, lab.now()));
        t.changed();
        lab.event(t.name, "Node/" + n.name, healthy ? EventLog.NORMAL : EventLog.WARNING,
                healthy ? "CardHealthy" : "CardUnhealthy", "device plugin re-registered " + cardId + " with health "
                        + healthy + " in " + HamiAnnotations.NODE_NVIDIA_REGISTER, "hami-device-plugin");
        String warning = "card " + cardId + " on " + n.name + " is reported unhealthy";
        for (String key : n.podsOn(cardId)) {
            SimPod p = t.pods.get(key);
            if (p == null) {
                continue;
            }
            if (healthy) {
                p.warnings.remove(warning);
            } else if (!p.warnings.contains(warning)) {
                p.warnings.add(warning);
                lab.event(t.name, "Pod/" + key, EventLog.WARNING, "CardUnhealthy", warning
                        + "; the pod keeps running, new pods avoid the card", "hami-device-plugin");
            }
            p.changed();
        }
        if (healthy) {
            lab.retryPending(t);
        }
        return "";
    }

    /** A restart re-registers the same cards; usage comes from the pods' annotations, so nothing doubles. */
    String restartPlugin(SimTenant t, String nodeName) {
        SimNode n = node(t, nodeName);
        io.gpulab.mockgpu.plugin.Registration again = io.gpulab.mockgpu.plugin.Registration.of(
                n.registration().devices(), lab.now());
        if (!n.registration().annotations().containsKey(HamiAnnotations.NODE_NVIDIA_REGISTER)) {
            // a worker without cards runs no device plugin: a restart writes no registration either
            java.util.Map<String, String> ann = new java.util.LinkedHashMap<>(again.annotations());
            ann.remove(HamiAnnotations.NODE_NVIDIA_REGISTER);
            again = new io.gpulab.mockgpu.plugin.Registration(again.devices(), ann, again.capacity());
        }
        n.register(again);
        t.changed();
        lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "DevicePluginRestarted", "device plugin on "
                + nodeName + " restarted and re-registered " + n.registration().devices().size()
                + " card(s); usage is rebuilt from the pods' " + HamiAnnotations.DEVICES_ALLOCATED,
                "hami-device-plugin");
        lab.retryPending(t);
        return "";
    }

    private static SimNode node(SimTenant t, String name) {
        SimNode n = t.nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException(t.name + ": Error from server (NotFound): nodes \"" + name
                    + "\" not found");
        }
        return n;
    }
}
