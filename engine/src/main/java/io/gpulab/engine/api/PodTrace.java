package io.gpulab.engine.api;

import java.util.List;
import java.util.Map;

/**
 * The chain of docs/architecture.md for one pod: create, admission, filter, bind, lock, allocate, run.
 * Steps not reached are absent; the last step says where and why the chain stopped.
 */
public record PodTrace(String tenant, String podKey, List<Step> steps) {

    public PodTrace {
        steps = List.copyOf(steps);
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
