package io.gpulab.engine.api;

import java.util.List;
import java.util.Map;

/**
 * The chain of docs/architecture.md for one pod: create, admission, filter, bind, lock, allocate, run.
 * Steps not reached are absent; the last step says where and why the chain stopped.
 *
 * @param why HAMi's "why this node, why this card" for the pod when the backend kept it
 *            ({@link LabBackend#explainDecisions}), else null (omitted from JSON)
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"tenant", "podKey", "steps", "why"})
public record PodTrace(String tenant, String podKey, List<Step> steps,
                       @com.fasterxml.jackson.annotation.JsonInclude(
                               com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                       @org.jspecify.annotations.Nullable PodWhy why) {

    public PodTrace {
        steps = List.copyOf(steps);
    }

    /** A trace without an explanation. */
    public PodTrace(String tenant, String podKey, List<Step> steps) {
        this(tenant, podKey, steps, null);
    }

    /** The outcome of one stage of the chain. */
    public enum Outcome { OK, FAILED, WAITING, SKIPPED }

    /**
     * One stage with its evidence: annotations written, events, lock changes.
     *
     * @param stage    {@code create}, {@code admission}, {@code filter}, {@code bind}, {@code lock},
     *                 {@code allocate}, {@code run}, {@code release}
     */
    public record Step(String stage, Outcome outcome, String summary, Map<String, String> evidence) {
        public Step {
            // kept by every pod for the whole run: compact, and not copied again when already frozen
            evidence = CompactMap.frozen(evidence);
        }
    }
}
