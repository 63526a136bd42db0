package io.gpulab.engine.sim;

import io.gpulab.scheduler.codec.MigAllocations;

import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.usage.DeviceShare;
import io.gpulab.scheduler.usage.PodUsage;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pods a scenario states as already existing (a worker's {@code pods}, a tenant's unbound {@code pods}), entered
 * into the lab as HAMi's scheduler cache rebuilds them after a restart (HAMi v2.10 pkg/scheduler/scheduler.go, the pod cache): a pod carrying
 * {@code hami.io/vgpu-node} that is not {@code Succeeded}/{@code Failed} has its
 * {@code hami.io/vgpu-devices-allocated} decoded and collapsed per card (init containers as a maximum, app
 * containers as a sum; app containers only once every init container exited 0) and booked on that node's cards;
 * card ids the node does not register are ignored. An allocation HAMi cannot decode is skipped with HAMi's error as
 * a warning on the pod. Pending pods without a node wait in the scheduling queue and are retried like any other.
 */
final class ExistingPods {

    private static final String SUCCEEDED = "Succeeded";

    private ExistingPods() {
    }

    static void add(SimLab lab, SimTenant t, TenantSpec spec) {
        for (WorkerSpec w : spec.workers()) {
            for (Map<String, Object> m : w.pods()) {
                add(lab, t, m, w.name(), SimPod.RUNNING, "worker " + w.name());
            }
        }
        for (Map<String, Object> m : spec.pods()) {
            add(lab, t, m, null, SimPod.PENDING, "pods");
        }
    }

    private static void add(SimLab lab, SimTenant t, Map<String, Object> manifest, @Nullable String worker,
                            String defaultPhase, String where) {
        ParsedPod parsed;
        try {
            parsed = PodManifests.parse(manifest);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tenant " + t.name + ", " + where + ": " + e.getMessage(), e);
        }
        String key = parsed.info().key();
        if (t.pods.containsKey(key)) {
            throw new IllegalArgumentException("tenant " + t.name + ", " + where + ": pod " + key + " is listed twice");
        }
        Map<String, Object> status = map(manifest.get("status"));
        String phase = status.get("phase") == null ? defaultPhase : String.valueOf(status.get("phase"));
        String nodeName = parsed.nodeName() != null ? parsed.nodeName() : worker;
        String scheduler = parsed.schedulerName() == null ? "default-scheduler" : parsed.schedulerName();
        SimPod p = new SimPod(lab.log(), t.name, lab.nextPodSeq(), lab.now(), parsed.info(), scheduler, parsed.kubeRequests());
        p.phase = phase;
        t.pods.put(key, p);
        Map<String, String> ev = new LinkedHashMap<>();
        ev.put("status.phase", phase);
        SimNode node = nodeName == null ? null : t.nodes.get(nodeName);
        if (nodeName != null && node == null) {
            p.warnings.add("spec.nodeName " + nodeName + " is not a node of tenant " + t.name);
        }
        if (node != null && !SimPod.PENDING.equals(phase)) {
            p.node = node.name;
            p.nodeName = node.name;
            if (!terminal(phase)) {
                p.boundTo = node;
                p.kubeRequests.forEach((k, v) -> node.kubeAllocated.merge(k, v, Long::sum));
                node.changed();
            }
        }
        book(t, p, status, ev);
        if (SimPod.RUNNING.equals(phase)) {
            p.ready = statedReady(status, "tenant " + t.name + ", " + where + ": pod " + key);
        }
        if (SimPod.PENDING.equals(phase) && p.node.isEmpty()) {
            t.pending.put(p.seq, p);
            p.reason = "Unschedulable";
        }
        p.step("observed", Outcome.OK, "existed before the lab started (" + where + ")", ev);
    }

    /**
     * A running pod's Ready condition as its manifest states it ({@code status.conditions}, as {@code kubectl get -o
     * yaml} dumps it), else Ready=True with no transition time: the lab cannot know since when it is ready.
     *
     * @throws IllegalArgumentException for a lastTransitionTime that is not an ISO-8601 time (names the pod)
     */
    private static io.gpulab.engine.api.StatusCondition statedReady(Map<String, Object> status, String where) {
        if (status.get("conditions") instanceof List<?> list) {
            for (Object o : list) {
                Map<String, Object> c = map(o);
                if (!io.gpulab.engine.api.StatusCondition.READY.equals(String.valueOf(c.get("type")))) {
                    continue;
                }
                Object time = c.get("lastTransitionTime");
                java.time.Instant at;
                try {
                    at = time == null ? null : time instanceof java.util.Date d ? d.toInstant()
                            : java.time.Instant.parse(String.valueOf(time));
                } catch (java.time.format.DateTimeParseException e) {
                    throw new IllegalArgumentException(where + ": status.conditions[type=Ready].lastTransitionTime \""
                            + time + "\" is not an ISO-8601 time such as 2026-01-01T00:00:00Z", e);
                }
                return new io.gpulab.engine.api.StatusCondition(io.gpulab.engine.api.StatusCondition.READY,
                        text(c.get("status"), io.gpulab.engine.api.StatusCondition.TRUE), text(c.get("reason"), ""),
                        text(c.get("message"), ""), at);
            }
        }
        return new io.gpulab.engine.api.StatusCondition(io.gpulab.engine.api.StatusCondition.READY,
                io.gpulab.engine.api.StatusCondition.TRUE, "", "", null);
    }

    private static String text(@Nullable Object o, String absent) {
        return o == null ? absent : String.valueOf(o);
    }

    /** HAMi's cache entry for the pod, if it has one. */
    private static void book(SimTenant t, SimPod p, Map<String, Object> status, Map<String, String> ev) {
        String vgpuNode = p.annotations.get(HamiAnnotations.VGPU_NODE);
        String allocated = p.annotations.get(HamiAnnotations.DEVICES_ALLOCATED);
        if (vgpuNode == null || terminal(p.phase) || allocated == null) {
            return;
        }
        SimNode node = t.nodes.get(vgpuNode);
        if (node == null) {
            p.warnings.add(HamiAnnotations.VGPU_NODE + ": node " + vgpuNode + " is not in tenant " + t.name
                    + " (HAMi counts the pod on no card)");
            return;
        }
        Decoded<PodDevices> d = PodDevicesCodec.decode(HamiAnnotations.DEVICES_ALLOCATED, allocated);
        if (!d.isOk()) {
            p.warnings.add(String.valueOf(d.error()) + " (HAMi skips the pod's usage)");
            return;
        }
        int inits = p.admitted.initContainers().size();
        List<DeviceShare> shares = initDone(status, inits) ? PodUsage.appOnly(d.value(), inits)
                : PodUsage.collapse(d.value(), inits);
        p.devices = d.value();
        p.reservation = shares;
        p.reservedOn = node;
        node.book(p.key(), shares, 1);
        node.bookMig(p.key(), d.value(), migReservations(p));
        shares.forEach(s -> ev.put("booked " + s.uuid(), s.mem() + " MB, " + s.cores() + " cores, "
                + Math.max(1, s.slots()) + " slot(s)" + (node.hasCard(s.uuid()) ? "" : " (card unknown: ignored)")));
    }

    /**
     * The pod's MIG reservations by card id, as HAMi's usage cache reads them; an annotation HAMi cannot decode
     * counts as none (HAMi then marks the MIG cards the pod uses unhealthy, which the lab does not model).
     */
    private static Map<String, java.util.ArrayDeque<MigAllocations.Entry>> migReservations(SimPod p) {
        String raw = p.annotations.get(MigAllocations.ANNOTATION);
        Map<String, java.util.ArrayDeque<MigAllocations.Entry>> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        try {
            MigAllocations.decode(raw).forEach(e -> out.computeIfAbsent(e.gpuUuid(), k -> new java.util.ArrayDeque<>())
                    .add(e));
        } catch (IllegalArgumentException e) {
            p.warnings.add(e.getMessage() + " (HAMi ignores the pod's MIG reservations)");
        }
        return out;
    }

    /** Every init container terminated with exit code 0 (HAMi then counts app containers only). */
    private static boolean initDone(Map<String, Object> status, int inits) {
        if (inits == 0 || !(status.get("initContainerStatuses") instanceof List<?> list) || list.size() < inits) {
            return false;
        }
        for (Object o : list) {
            Map<String, Object> term = map(map(map(o).get("state")).get("terminated"));
            Object code = term.get("exitCode");
            if (code == null || !"0".equals(String.valueOf(code))) {
                return false;
            }
        }
        return true;
    }

    private static boolean terminal(String phase) {
        return SUCCEEDED.equals(phase) || SimPod.FAILED.equals(phase);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(@Nullable Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
