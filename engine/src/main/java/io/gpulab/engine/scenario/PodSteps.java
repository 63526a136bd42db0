package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PlainReasons;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Submits and pod checks: the pod as the backend lists it, with why it does not run in words, judged against the
 * step's expectation. A run and the workbench's own drops judge a create here alike.
 */
final class PodSteps {

    private final LabBackend backend;
    private final StepVerdicts verdicts;
    private final int failedNodesLimit;
    private final FailedNodes.Pool pool;

    PodSteps(LabBackend backend, StepVerdicts verdicts, int failedNodesLimit, FailedNodes.Pool pool) {
        this.backend = backend;
        this.verdicts = verdicts;
        this.failedNodesLimit = failedNodesLimit;
        this.pool = pool;
    }

    StepResult expect(int index, Step.ExpectPod s) {
        ObservedPod o = observe(s.tenant(), s.pod(), null, true);
        return verdicts.result(index, s, o.limited(failedNodesLimit, pool), s.expect(), Checks.pod(s.expect(), o));
    }

    StepResult submit(int index, Step.Submit s) {
        return submitted(index, s, backend.execute(new LabCommand.SubmitPod(s.tenant(), s.manifest())));
    }

    /** As {@link ScenarioRunner#submitted}. */
    StepResult submitted(int index, Step.Submit s, CommandResult r) {
        // a refused create made nothing: never judge it by an older pod of the same name (AlreadyExists)
        ObservedPod o = r.accepted() ? observe(s.tenant(), s.pod(), r, s.expect() != null)
                : refusedInWords(ObservedPod.rejected(r.message()));
        Comparisons checked = s.expect() == null ? new Comparisons() : Checks.pod(s.expect(), o);
        List<String> problems = checked.problems();
        // the sim records a create refused at admission as a Rejected pod; a real cluster refuses the call
        boolean refused = !r.accepted() || "Rejected".equals(o.phase());
        if (refused && (s.expect() == null || !problems.isEmpty())) {
            // a refusal can be the expected outcome (phase Rejected); when it is not, it is the first thing to read
            problems.add(0, "the backend refused the submit: " + (r.accepted() ? o.message() : r.message()));
        } else if (!problems.isEmpty() && !r.message().isBlank()) {
            // e.g. a real cluster that gave no decision in time: the mismatch alone would not say why
            problems.add("the backend said: " + r.message());
        }
        return verdicts.result(index, s, o.limited(failedNodesLimit, pool), s.expect(), checked);
    }

    /** A create the API server refused, with its reason in words in the run document (no pod to ask about). */
    private ObservedPod refusedInWords(ObservedPod o) {
        if (failedNodesLimit == 0) {
            return o;
        }
        return o.explained(PlainReasons.of(new PlainReasons.Pod(o.phase(),
                o.reason() == null ? "" : o.reason(), o.message() == null ? "" : o.message(), Map.of(), List.of(),
                Map.of(), "", null), PlainReasons.Lab.of(List.of())).orElse(null));
    }

    /** The pod as the backend lists it now; asked per pod, as a snapshot per step would dominate a long replay. */
    private ObservedPod observe(String tenant, String pod, @Nullable CommandResult r, boolean checked) {
        // per-node reasons are recomputed for a pending pod on a large tenant: only when a check or the output needs them
        boolean perNode = checked || failedNodesLimit > 0;
        ObservedPod o = backend.pod(tenant, pod, perNode).map(p -> ObservedPod.of(p, Integer.MAX_VALUE, pool))
                .orElseGet(() -> ObservedPod.rejected(
                        r != null && !r.accepted() ? r.message() : "tenant " + tenant + " lists no pod " + pod));
        // the run document says why a pod does not run in words (json-output.md); the text form does not ask
        if (failedNodesLimit > 0 && !"Running".equals(o.phase()) && (o.reason() != null || o.message() != null)) {
            o = o.explained(backend.plainReason(tenant, pod).orElse(null));
        }
        return o;
    }
}
