package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.scheduler.codec.HamiAnnotations;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The few writes a real lab accepts, each only with explicit permission: submit a pod, delete a pod,
 * and remove a stale node lock (the article's lab workaround, never a production procedure).
 */
final class ClusterWrites {

    static final String READ_ONLY = "read-only: writes to a real cluster need --allow-writes on the CLI "
            + "(or the confirmation in the workbench)";
    static final String UNLOCK_WARNING = "removed hami.io/mutex.lock by hand: this is the article's lab "
            + "workaround for a mock device plugin that never releases the lock, not a production procedure";
    private static final long SETTLE_MILLIS = 15_000;
    private static final long REASONS_GRACE_MILLIS = 2_000;

    private final ClusterBackend backend;
    private final boolean allowed;

    ClusterWrites(ClusterBackend backend, boolean allowed) {
        this.backend = backend;
        this.allowed = allowed;
    }

    CommandResult apply(LabCommand command) {
        if (command instanceof LabCommand.SubmitPod s) {
            return guarded(s.tenant(), w -> submit(w, s.manifest()));
        }
        if (command instanceof LabCommand.DeletePod d) {
            return guarded(d.tenant(), w -> delete(w, d.podKey()));
        }
        if (command instanceof LabCommand.Unlock u) {
            return guarded(u.tenant(), w -> unlock(w, u.node()));
        }
        return CommandResult.refused(command.getClass().getSimpleName()
                + " controls the simulation only; a real cluster (" + backend.id() + " backend) cannot do it");
    }

    private CommandResult guarded(String tenant, java.util.function.Function<TenantWatch, CommandResult> write) {
        if (!allowed) {
            return CommandResult.refused(READ_ONLY);
        }
        TenantWatch w = backend.watch(tenant);
        if (w == null) {
            return CommandResult.refused("tenant '" + tenant + "' is not connected");
        }
        try {
            return write.apply(w);
        } catch (KubernetesClientException e) {
            // kubectl's form, so a refused create carries the status reason (AlreadyExists, InternalError, ...)
            var st = e.getStatus();
            String reason = st == null || st.getReason() == null || st.getReason().isEmpty() ? "HTTP " + e.getCode()
                    : st.getReason();
            return CommandResult.refused("tenant " + tenant + ": Error from server (" + reason + "): "
                    + (st == null || st.getMessage() == null ? e.getMessage() : st.getMessage()));
        } catch (IllegalArgumentException e) {
            return CommandResult.refused("tenant " + tenant + ": " + e.getMessage());
        }
    }

    private CommandResult submit(TenantWatch w, Map<String, Object> manifest) {
        Pod pod = w.client().getKubernetesSerialization().convertValue(manifest, Pod.class);
        if (pod.getMetadata() == null || pod.getMetadata().getName() == null) {
            throw new IllegalArgumentException("the pod manifest has no metadata.name");
        }
        String ns = pod.getMetadata().getNamespace() == null ? "default" : pod.getMetadata().getNamespace();
        pod.getMetadata().setNamespace(ns);
        w.client().pods().inNamespace(ns).resource(pod).create();
        String key = ns + "/" + pod.getMetadata().getName();
        settle(() -> w.pods().stream().anyMatch(p -> TenantAssembler.podKey(p).equals(key)), SETTLE_MILLIS);
        // LabBackend.execute returns when the effects are visible: for a submit that is the scheduler's
        // decision, which a real cluster makes after the create, not with it
        long waitMillis = backend.options().decisionTimeout().toMillis();
        boolean decided = settle(() -> decided(w, key), waitMillis);
        if (decided) {
            // HAMi's per-node reasons come on the events watch, which may lag the pods watch
            settle(() -> reasonsVisible(w.tenant(), key), REASONS_GRACE_MILLIS);
        }
        return decided ? CommandResult.ok(List.of()) : new CommandResult(true, "no scheduling decision for " + key
                + " within " + backend.options().decisionTimeout().toSeconds() + " s: still Pending", List.of());
    }

    /** Running or finished, or kube-scheduler's verdict that it cannot be placed ({@code PodScheduled=False}). */
    private static boolean decided(TenantWatch w, String key) {
        return w.pods().stream().filter(p -> TenantAssembler.podKey(p).equals(key)).findFirst().map(p -> {
            var status = p.getStatus();
            if (status == null) {
                return false;
            }
            return status.getPhase() != null && !"Pending".equals(status.getPhase())
                    || status.getConditions() != null && status.getConditions().stream()
                    .anyMatch(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()));
        }).orElse(false);
    }

    private boolean reasonsVisible(String tenant, String key) {
        return backend.snapshot().tenant(tenant).flatMap(t -> t.pod(key))
                .map(p -> !"Pending".equals(p.phase()) || !p.failedNodes().isEmpty()).orElse(true);
    }

    private CommandResult delete(TenantWatch w, String podKey) {
        String[] parts = podKey.split("/", 2);
        if (parts.length != 2) {
            throw new IllegalArgumentException("pod '" + podKey + "' must be NAMESPACE/NAME");
        }
        if (w.client().pods().inNamespace(parts[0]).withName(parts[1]).get() == null) {
            return CommandResult.refused("pod " + podKey + " does not exist in tenant " + w.tenant());
        }
        w.client().pods().inNamespace(parts[0]).withName(parts[1]).delete();
        settle(() -> w.pods().stream().noneMatch(p -> TenantAssembler.podKey(p).equals(podKey)), SETTLE_MILLIS);
        return CommandResult.ok(List.of());
    }

    private CommandResult unlock(TenantWatch w, String nodeName) {
        Node node = w.client().nodes().withName(nodeName).get();
        if (node == null) {
            return CommandResult.refused("node " + nodeName + " does not exist in tenant " + w.tenant());
        }
        if (node.getMetadata().getAnnotations() == null
                || !node.getMetadata().getAnnotations().containsKey(HamiAnnotations.MUTEX_LOCK)) {
            return CommandResult.refused("node " + nodeName + " holds no HAMi lock");
        }
        String path = "/metadata/annotations/" + HamiAnnotations.MUTEX_LOCK.replace("~", "~0").replace("/", "~1");
        w.client().nodes().withName(nodeName).patch(PatchContext.of(PatchType.JSON),
                "[{\"op\":\"remove\",\"path\":\"" + path + "\"}]");
        settle(() -> w.nodes().stream().filter(n -> n.getMetadata().getName().equals(nodeName))
                .noneMatch(n -> n.getMetadata().getAnnotations() != null
                        && n.getMetadata().getAnnotations().containsKey(HamiAnnotations.MUTEX_LOCK)), SETTLE_MILLIS);
        return new CommandResult(true, UNLOCK_WARNING, List.of());
    }

    /** Waits (bounded) until the informer shows the write, so the next snapshot contains it. */
    private static boolean settle(BooleanSupplier visible, long millis) {
        long end = System.currentTimeMillis() + millis;
        while (!visible.getAsBoolean()) {
            if (System.currentTimeMillis() >= end) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
