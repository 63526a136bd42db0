package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LockView;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeLockCodec;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The few writes a real lab accepts, each only with explicit permission: submit a pod, delete a pod,
 * and remove a stale node lock (the article's lab workaround, never a production procedure).
 */
final class ClusterWrites {

    static final String READ_ONLY = "read-only: writes to a real cluster need --allow-writes on the CLI "
            + "(or the confirmation in the workbench)";
    static final String UNLOCK_WARNING = "removed hami.io/mutex.lock by hand: this is the article's lab "
            + "workaround for a mock device plugin that never releases the lock, not a production procedure";
    /**
     * How long a write waits for the tenant's watch to show it (the create, the pod gone, the lock gone), so the
     * next snapshot contains it. Bounded; a write not seen within it is still done, and its answer says so.
     */
    static final long SETTLE_MILLIS = 15_000;
    private static final long REASONS_GRACE_MILLIS = 2_000;

    private final ClusterBackend backend;
    private final boolean allowed;
    private final long settleMillis;

    ClusterWrites(ClusterBackend backend, boolean allowed) {
        this(backend, allowed, SETTLE_MILLIS);
    }

    ClusterWrites(ClusterBackend backend, boolean allowed, long settleMillis) {
        this.backend = backend;
        this.allowed = allowed;
        this.settleMillis = settleMillis;
    }

    /** The answer's clause for a write the watch did not show within the settle time. */
    private String notSeen(String what) {
        return what + " not shown by the tenant's watch within " + seconds(settleMillis)
                + ": the view follows when the watch sees it";
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", millis / 1e3);
    }

    CommandResult apply(LabCommand command) {
        if (command instanceof LabCommand.SubmitPod s) {
            return guarded(s.tenant(), "create pod", w -> submit(w, s.manifest()));
        }
        if (command instanceof LabCommand.DeletePod d) {
            return guarded(d.tenant(), "delete pod " + d.podKey(), w -> delete(w, d.podKey()));
        }
        if (command instanceof LabCommand.Unlock u) {
            return guarded(u.tenant(), "patch node " + u.node(), w -> unlock(w, u.node(), u.confirmed()));
        }
        return CommandResult.refused(command.getClass().getSimpleName()
                + " controls the simulation only; a real cluster (" + backend.id() + " backend) cannot do it");
    }

    /** @param request what is sent, as the tenant's control-plane view says a refused write */
    private CommandResult guarded(String tenant, String request,
                                  java.util.function.Function<TenantWatch, CommandResult> write) {
        if (!allowed) {
            return CommandResult.refused(READ_ONLY);
        }
        TenantWatch w = backend.watch(tenant);
        if (w == null) {
            return CommandResult.refused("tenant '" + tenant + "' is not connected");
        }
        try {
            CommandResult r = write.apply(w);
            if (r.accepted()) {
                w.api().writeAccepted();
            }
            return r;
        } catch (KubernetesClientException e) {
            if (e.getCode() <= 0) {
                String said = "the API server did not answer: " + ClientErrors.sentence(e);
                w.api().writeRefused(request, said);
                return CommandResult.refused("tenant " + tenant + ": " + said);
            }
            // kubectl's form, so a refused create carries the status reason (AlreadyExists, InternalError, ...)
            var st = e.getStatus();
            String reason = st == null || st.getReason() == null || st.getReason().isEmpty() ? "HTTP " + e.getCode()
                    : st.getReason();
            String said = "Error from server (" + reason + "): "
                    + (st == null || st.getMessage() == null ? ClientErrors.sentence(e) : st.getMessage());
            w.api().writeRefused(request, io.gpulab.engine.scenario.Quote.visible(said));
            return CommandResult.refused("tenant " + tenant + ": " + said);
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
        if (!settle(() -> w.pods().stream().anyMatch(p -> TenantAssembler.podKey(p).equals(key)), settleMillis)) {
            return new CommandResult(true, "created " + key + "; " + notSeen("it was"), List.of());
        }
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
        if (!settle(() -> w.pods().stream().noneMatch(p -> TenantAssembler.podKey(p).equals(podKey)), settleMillis)) {
            // a pod leaves after its grace period (30 s by default) and once its finalizers are removed
            return new CommandResult(true, "deleted " + podKey + "; still there: " + notSeen("its removal was")
                    + " (a pod goes after its termination grace period and finalizers)", List.of());
        }
        return CommandResult.ok(List.of());
    }

    private CommandResult unlock(TenantWatch w, String nodeName, @Nullable LockView confirmed) {
        Node node = w.client().nodes().withName(nodeName).get();
        if (node == null) {
            return CommandResult.refused("node " + nodeName + " does not exist in tenant " + w.tenant());
        }
        String value = lockValue(node);
        if (value == null) {
            return CommandResult.refused("node " + nodeName + " holds no HAMi lock"
                    + (confirmed == null ? "" : " any more (nothing removed)"));
        }
        if (confirmed != null && !sameLock(value, confirmed)) {
            return changed(nodeName, value);
        }
        return removeLock(w, nodeName, value);
    }

    /**
     * Removes the lock only while its value is still {@code expected}: the JSON patch's {@code test}
     * makes the API server refuse the {@code remove} when another bind took the lock meanwhile.
     */
    CommandResult removeLock(TenantWatch w, String nodeName, String expected) {
        String path = "/metadata/annotations/" + HamiAnnotations.MUTEX_LOCK.replace("~", "~0").replace("/", "~1");
        String patch = "[{\"op\":\"test\",\"path\":\"" + path + "\",\"value\":"
                + JSON_STRING.apply(expected) + "},{\"op\":\"remove\",\"path\":\"" + path + "\"}]";
        try {
            w.client().nodes().withName(nodeName).patch(PatchContext.of(PatchType.JSON), patch);
        } catch (KubernetesClientException e) {
            // a failed test answers 422 on a real API server; whatever the code, look again before saying why
            Node now = w.client().nodes().withName(nodeName).get();
            String current = now == null ? null : lockValue(now);
            if (!expected.equals(current)) {
                return current == null ? CommandResult.refused("node " + nodeName + " holds no HAMi lock any more "
                        + "(nothing removed)") : changed(nodeName, current);
            }
            throw e;
        }
        boolean seen = settle(() -> w.nodes().stream().filter(n -> n.getMetadata().getName().equals(nodeName))
                .noneMatch(n -> lockValue(n) != null), settleMillis);
        return new CommandResult(true, seen ? UNLOCK_WARNING : UNLOCK_WARNING + "; " + notSeen("the removal was"),
                List.of());
    }

    private static CommandResult changed(String nodeName, String now) {
        var d = NodeLockCodec.decode(now);
        String holder = !d.isOk() ? "an undecodable value" : d.value().legacy() ? "a legacy lock since "
                + d.value().since() : d.value().namespace() + "/" + d.value().podName() + " since " + d.value().since();
        return CommandResult.refused("the lock on " + nodeName + " changed after you confirmed it (now held by "
                + holder + "); nothing was removed");
    }

    /** Whether the node's lock value is the lock the user confirmed (same holder, same time). */
    private static boolean sameLock(String value, LockView confirmed) {
        var d = NodeLockCodec.decode(value);
        if (!d.isOk()) {
            return false;
        }
        String holder = d.value().legacy() ? "" : d.value().namespace() + "/" + d.value().podName();
        return holder.equals(confirmed.holder()) && d.value().since().equals(confirmed.since());
    }

    private static @Nullable String lockValue(Node n) {
        return n.getMetadata().getAnnotations() == null ? null
                : n.getMetadata().getAnnotations().get(HamiAnnotations.MUTEX_LOCK);
    }

    private static final java.util.function.Function<String, String> JSON_STRING = v -> {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(v);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    };

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
