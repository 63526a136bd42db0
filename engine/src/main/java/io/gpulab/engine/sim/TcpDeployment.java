package io.gpulab.engine.sim;

import io.gpulab.engine.lab.ControlPlaneSpec;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Deployment controller of one TenantControlPlane: one ReplicaSet per Kubernetes version, whose targets follow the
 * spec's strategy (Recreate, or a rolling update bounded by maxSurge and maxUnavailable), each ReplicaSet then
 * creating or removing pods to meet its target.
 */
final class TcpDeployment {

    private static final String HASH_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

    private final SimTcp tcp;
    /** Per Kubernetes version, its ReplicaSet's target replicas (in creation order). */
    private final Map<String, Integer> rsTarget = new LinkedHashMap<>();
    private int podSeq;

    TcpDeployment(SimTcp tcp) {
        this.tcp = tcp;
    }

    /** Moves the ReplicaSets' targets one step towards the spec and their pods to the targets; whether anything did. */
    boolean reconcile(Instant now) {
        String current = tcp.spec.version().text();
        int desired = tcp.spec.replicas();
        if (rsTarget.isEmpty()) {
            rsTarget.put(current, 0);
        }
        rsTarget.putIfAbsent(current, 0);
        boolean changed;
        if (ControlPlaneSpec.Strategy.RECREATE.equals(tcp.spec.strategy().type())) {
            changed = recreate(current, desired);
        } else {
            changed = rolling(current, desired, now);
        }
        changed |= replicaSets(now);
        return changed;
    }

    /** The replicas every ReplicaSet aims at together. */
    int totalTarget() {
        return rsTarget.values().stream().mapToInt(Integer::intValue).sum();
    }

    private boolean recreate(String current, int desired) {
        boolean changed = false;
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            if (!e.getKey().equals(current) && e.getValue() != 0) {
                e.setValue(0);
                changed = true;
            }
        }
        boolean oldLeft = tcp.pods.stream().anyMatch(p -> !p.version.equals(current));
        if (!oldLeft && rsTarget.get(current) != desired) {
            rsTarget.put(current, desired);
            changed = true;
        }
        return changed;
    }

    /** The Deployment controller's rolling update (maxSurge, maxUnavailable), as {@code rolling.go} does it. */
    private boolean rolling(String current, int desired, Instant now) {
        boolean changed = false;
        int surge = tcp.spec.strategy().surge(desired);
        int maxUnavailable = tcp.spec.strategy().unavailable(desired);
        int totalTarget = totalTarget();
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
        int newAvailable = (int) tcp.pods.stream().filter(p -> p.version.equals(current) && tcp.ready(p, now)).count();
        int allTarget = totalTarget();
        int maxScaledDown = allTarget - minAvailable - (rsTarget.get(current) - newAvailable);
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            if (maxScaledDown <= 0 || e.getKey().equals(current) || e.getValue() == 0) {
                continue;
            }
            String v = e.getKey();
            int available = (int) tcp.pods.stream().filter(p -> p.version.equals(v) && tcp.ready(p, now)).count();
            int unhealthy = Math.max(0, e.getValue() - available);
            int down = Math.min(maxScaledDown, unhealthy);
            if (down > 0) {
                e.setValue(e.getValue() - down);
                maxScaledDown -= down;
                changed = true;
            }
        }
        int availableAll = tcp.readyCount(now);
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
        String namespace = tcp.spec.namespace();
        for (Map.Entry<String, Integer> e : rsTarget.entrySet()) {
            String v = e.getKey();
            List<SimTcp.Pod> mine = tcp.pods.stream().filter(p -> p.version.equals(v)).toList();
            for (int i = mine.size(); i < e.getValue(); i++) {
                SimTcp.Pod p = new SimTcp.Pod(podName(v), v);
                tcp.pods.add(p);
                tcp.mgmt.event("Pod/" + namespace + "/" + p.name, EventLog.NORMAL, "SuccessfulCreate",
                        "Created pod: " + p.name, "replicaset-controller");
                changed = true;
            }
            int excess = mine.size() - e.getValue();
            if (excess > 0) {
                List<SimTcp.Pod> order = new ArrayList<>(mine);
                order.sort(Comparator.comparingInt((SimTcp.Pod p) -> p.node == null ? 0 : tcp.ready(p, now) ? 2 : 1));
                for (int i = 0; i < excess; i++) {
                    tcp.remove(order.get(i), "Killing", "Stopping container " + ControlPlaneSpec.KUBE_APISERVER
                            + " (ReplicaSet scaled down)", "kubelet");
                }
                changed = true;
            }
        }
        rsTarget.entrySet().removeIf(e -> e.getValue() == 0 && !e.getKey().equals(tcp.spec.version().text())
                && tcp.pods.stream().noneMatch(p -> p.version.equals(e.getKey())));
        return changed;
    }

    private String podName(String version) {
        return tcp.tenant + "-" + hash(tcp.tenant + "/" + version, 10) + "-" + hash(tcp.tenant + "#" + (++podSeq), 5);
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
}
