package io.gpulab.engine.api;

import java.util.List;
import java.util.Optional;

/**
 * One running lab. Implementations: {@code sim} (in-process, deterministic), {@code kind} (docker-java)
 * and {@code cluster} (fabric8). Commands are applied in order on the backend's own thread; listeners
 * are called in order, never concurrently for one listener, and must return quickly.
 */
public interface LabBackend extends AutoCloseable {

    /** {@code sim}, {@code kind} or {@code cluster}. */
    String id();

    /** The latest state; cheap, immutable, safe to hand to any thread. */
    LabSnapshot snapshot();

    /**
     * One pod as {@link #snapshot()} would show it ({@code podKey} is {@code ns/name}). A backend may answer
     * without building a whole snapshot: a scenario runner asks after every submit, and on a lab with
     * thousands of pods a snapshot per step would dominate a replay.
     */
    default Optional<PodView> pod(String tenant, String podKey) {
        return snapshot().tenant(tenant).flatMap(t -> t.pod(podKey));
    }

    /** The lab's clock (virtual in sim); a backend may answer without building a snapshot. */
    default java.time.Instant now() {
        return snapshot().now();
    }

    /**
     * As {@link #pod(String, String)}; with {@code perNode} false the backend may leave a pending pod's per-node
     * reasons ({@link PodView#failedNodes()}) empty where it would have to recompute them (the sim on large tenants).
     */
    default Optional<PodView> pod(String tenant, String podKey, boolean perNode) {
        return pod(tenant, podKey);
    }

    /**
     * GPU-milli allocated over every tenant ({@code LabMetrics}' {@code gpuAllocation().used()}) when the backend keeps
     * it as the lab changes, so that an allocation curve sampled after every submit builds no snapshot; empty when
     * the caller has to count it from a snapshot.
     */
    default java.util.OptionalLong gpuAllocatedMilli() {
        return java.util.OptionalLong.empty();
    }

    /** Every event so far, oldest first. */
    List<LabEvent> events();

    /**
     * Why nothing of a real lab could be read (refused, unreachable, no tenant listed), in one line; empty when
     * the lab was read, also in part, and always for the simulation. Commands that show or check the lab say this
     * instead of showing an empty lab.
     */
    default Optional<String> unreadable() {
        return Optional.empty();
    }

    /** Applies a command and returns when its effects are in the snapshot. */
    CommandResult execute(LabCommand command);

    /** The chain of docs/architecture.md for one pod, or a trace with a single "not found" step. */
    PodTrace trace(String tenant, String podKey);

    /**
     * Why the pod does not run, in words built from the lab's numbers ({@link PlainReasons}); empty for a pod that runs
     * or that the backend does not list. This default reads the snapshot and does not know the pod's HAMi request.
     */
    default Optional<PlainReason> plainReason(String tenant, String podKey) {
        LabSnapshot s = snapshot();
        return s.tenant(tenant).flatMap(t -> t.pod(podKey).flatMap(p -> PlainReasons.of(
                new PlainReasons.Pod(p.phase(), p.reason(), p.message(), p.failedNodes(), List.of(), p.annotations(),
                        p.namespace(), null), PlainReasons.Lab.ofViews(t.nodes()).with(LabNow.of(t, s.now())))));
    }

    /**
     * Asks the backend to keep HAMi's "why this node, why this card" ({@link PodTrace#why()}) for its decisions from
     * now on about the pods {@code podKeys} ({@code ns/name}), or about every pod of tenants of up to 64 nodes when
     * {@code podKeys} is empty. Each explanation costs one more filter pass over the pod's nodes, so a replay keeps
     * none unless asked. A backend that cannot see HAMi's inputs at decision time (a real cluster) keeps none.
     */
    default void explainDecisions(java.util.Set<String> podKeys) {
    }

    /** Registers a listener told after every change; the returned handle removes it. */
    AutoCloseable subscribe(LabListener listener);

    @Override
    void close();
}
