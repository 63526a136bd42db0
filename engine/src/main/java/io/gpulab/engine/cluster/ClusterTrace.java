package io.gpulab.engine.cluster;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.engine.api.PodTrace.Step;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.HamiResources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The chain of docs/architecture.md for an observed pod, reconstructed from its annotations, the node
 * lock and the tenant's events: a real cluster shows only the traces HAMi leaves behind.
 */
final class ClusterTrace {

    private ClusterTrace() {
    }

    static PodTrace of(LabSnapshot snap, List<LabEvent> events, String tenant, String podKey) {
        Optional<TenantView> t = snap.tenant(tenant);
        Optional<PodView> pod = t.flatMap(v -> v.pod(podKey));
        if (pod.isEmpty()) {
            return new PodTrace(tenant, podKey, List.of(new Step("create", Outcome.FAILED,
                    "pod " + podKey + " not found in tenant " + tenant, Map.of())));
        }
        PodView p = pod.get();
        Map<String, String> a = p.annotations();
        List<Step> steps = new ArrayList<>();
        steps.add(new Step("create", Outcome.OK, "the tenant API server holds the pod", Map.of()));
        boolean mutated = HamiResources.SCHEDULER_NAME.equals(p.schedulerName());
        steps.add(new Step("admission", mutated ? Outcome.OK : Outcome.FAILED, mutated
                ? "HAMi's webhook set schedulerName: hami-scheduler"
                : "schedulerName is " + p.schedulerName() + ": HAMi's webhook did not mutate the pod (unreachable "
                + "with failurePolicy Ignore, or no GPU request); Running proves nothing about HAMi",
                Map.of("schedulerName", p.schedulerName())));
        if (!mutated) {
            return new PodTrace(tenant, podKey, steps);
        }
        String node = a.getOrDefault(HamiAnnotations.VGPU_NODE, "");
        String podObject = "Pod/" + podKey;
        List<LabEvent> mine = events.stream().filter(e -> e.tenant().equals(tenant) && e.object().equals(podObject))
                .toList();
        if (node.isEmpty()) {
            String msg = mine.stream().filter(e -> e.reason().equals("FilteringFailed")).map(LabEvent::message)
                    .reduce((x, y) -> y).orElse(p.message());
            steps.add(new Step("filter", Outcome.FAILED, msg.isEmpty() ? "no filter decision yet" : msg,
                    p.failedNodes()));
            return new PodTrace(tenant, podKey, steps);
        }
        steps.add(new Step("filter", Outcome.OK, "HAMi chose " + node, Map.of(HamiAnnotations.VGPU_NODE, node,
                HamiAnnotations.DEVICES_ALLOCATED, a.getOrDefault(HamiAnnotations.DEVICES_ALLOCATED, ""))));
        String phase = a.getOrDefault(HamiAnnotations.BIND_PHASE, "");
        boolean bound = !p.node().isEmpty();
        steps.add(new Step("bind", bound ? Outcome.OK : phase.isEmpty() ? Outcome.WAITING : Outcome.FAILED,
                bound ? "bound to " + p.node() : "not bound yet", Map.of(HamiAnnotations.BIND_PHASE, phase)));
        Optional<NodeView> n = t.get().node(node);
        n.ifPresent(nv -> {
            boolean holds = nv.lock() != null && nv.lock().holder().equals(podKey);
            steps.add(new Step("lock", holds ? Outcome.WAITING : Outcome.OK, holds
                    ? "holds hami.io/mutex.lock on " + node + " until the device plugin releases it"
                    : "no lock held for this pod", holds ? Map.of(HamiAnnotations.MUTEX_LOCK,
                    nv.annotations().getOrDefault(HamiAnnotations.MUTEX_LOCK, "")) : Map.of()));
        });
        Outcome alloc = switch (phase) {
            case "success" -> Outcome.OK;
            case "failed" -> Outcome.FAILED;
            default -> Outcome.WAITING;
        };
        steps.add(new Step("allocate", alloc, "bind-phase " + (phase.isEmpty() ? "(none)" : phase),
                Map.of(HamiAnnotations.BIND_PHASE, phase)));
        steps.add(new Step("run", "Running".equals(p.phase()) ? Outcome.OK : Outcome.WAITING, "phase " + p.phase(),
                Map.of()));
        return new PodTrace(tenant, podKey, steps);
    }
}
