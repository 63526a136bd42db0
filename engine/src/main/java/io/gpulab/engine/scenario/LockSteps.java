package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.NodeView;
import io.gpulab.scheduler.codec.HamiAnnotations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** HAMi's node lock in a scenario: checked as it stands, taken and released as another holder would. */
final class LockSteps {

    /** How the sim says a lock step's patch loop failed (HAMi returned an error after the node may have changed). */
    private static final String ERROR = "ERROR ";

    private final LabBackend backend;
    private final StepVerdicts verdicts;

    LockSteps(LabBackend backend, StepVerdicts verdicts) {
        this.backend = backend;
        this.verdicts = verdicts;
    }

    StepResult expect(int index, Step.ExpectLock s) {
        NodeView n = backend.snapshot().tenant(s.tenant()).flatMap(t -> t.node(s.node())).orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("node", s.node());
        expect.put("held", s.held());
        StepVerdicts.putIf(expect, "holder", s.holder());
        if (n == null) {
            return verdicts.result(index, s, null, expect,
                    List.of("tenant " + s.tenant() + " lists no node " + s.node()));
        }
        return verdicts.result(index, s, LabState.node(n).lock(), expect, Checks.lock(s, n.lock()));
    }

    /** A lock taken as another holder: the outcome, or HAMi's refusal, and the lock after it. */
    StepResult take(int index, Step.TakeLock s) {
        CommandResult r = backend.execute(new LabCommand.TakeLock(s.tenant(), s.node(), s.holder(), s.value()));
        // HAMi's refusal (contention, a malformed lock) changes nothing; a patch loop that failed may have
        boolean failed = !r.accepted() || r.message().startsWith(ERROR);
        String error = !r.accepted() ? r.message() : failed ? r.message().substring(ERROR.length()) : null;
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("outcome", failed ? null : r.message());
        seen.put("error", error);
        seen.put("lock", lockValue(s.tenant(), s.node()));
        Map<String, Object> expect = new LinkedHashMap<>();
        StepVerdicts.putIf(expect, "outcome", s.expectOutcome());
        StepVerdicts.putIf(expect, "error", s.expectError());
        Comparisons c = new Comparisons();
        c.same("outcome", s.expectOutcome(), seen.get("outcome"));
        c.same("error", s.expectError(), seen.get("error"));
        if (failed && s.expectError() == null) {
            c.problem("the backend refused the step: " + error);
        }
        return verdicts.result(index, s, seen, s.isCheck() ? expect : null, c);
    }

    /** A lock released as another holder: whether HAMi removed it, and the lock after it. */
    StepResult release(int index, Step.ReleaseLock s) {
        CommandResult r = backend.execute(new LabCommand.ReleaseLock(s.tenant(), s.node(), s.holder()));
        Comparisons c = new Comparisons();
        if (!r.accepted()) {
            c.problem("the backend refused the step: " + r.message());
            return verdicts.result(index, s, Map.of("message", r.message()), null, c);
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("released", "released".equals(r.message()));
        seen.put("lock", lockValue(s.tenant(), s.node()));
        if (r.message().startsWith(ERROR)) {
            seen.put("error", r.message().substring(ERROR.length()));
            c.problem("HAMi's release failed: " + seen.get("error"));
        }
        c.same("released", s.expectReleased(), seen.get("released"));
        return verdicts.result(index, s, seen,
                s.expectReleased() == null ? null : Map.of("released", s.expectReleased()), c);
    }

    private @Nullable String lockValue(String tenant, String node) {
        return backend.snapshot().tenant(tenant).flatMap(t -> t.node(node))
                .map(n -> n.annotations().get(HamiAnnotations.MUTEX_LOCK)).orElse(null);
    }
}
