package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.metrics.LabMetrics;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a scenario's steps in order against a backend and checks each expectation right after its
 * step. It never schedules anything itself: every change goes through {@link LabBackend#execute}.
 */
public final class ScenarioRunner {

    private final LabBackend backend;
    private final int failedNodesLimit;
    private final FailedNodes.Pool pool = new FailedNodes.Pool();
    private java.time.@Nullable Instant lastAt;
    private String lastAtText = "";

    public ScenarioRunner(LabBackend backend) {
        this(backend, Integer.MAX_VALUE);
    }

    /**
     * A runner that keeps at most {@code failedNodesLimit} failed nodes per observed pod (the first by name; the
     * rest are counted in {@code failedNodesOmitted}): a bound for labs where every pending pod times thousands of
     * nodes would be gigabytes of JSON.
     */
    public ScenarioRunner(LabBackend backend, int failedNodesLimit) {
        this.backend = backend;
        this.failedNodesLimit = failedNodesLimit;
    }

    /** Runs every step; a failed expectation does not stop the run. */
    public RunResult run(Scenario scenario) {
        return run(scenario, r -> { });
    }

    /**
     * As {@link #run(Scenario)}, handing each step's result to {@code each} as soon as it is final (in step order, on
     * this thread): a caller can format results while later steps run.
     */
    public RunResult run(Scenario scenario, java.util.function.Consumer<StepResult> each) {
        List<StepResult> results = new ArrayList<>();
        AllocationCurve curve = new AllocationCurve(
                LabMetrics.of(backend.snapshot()).gpuAllocation().capacity());
        Step lastSubmit = null;
        for (Step step : scenario.steps()) {
            lastSubmit = step instanceof Step.Submit ? step : lastSubmit;
        }
        int i = 1;
        for (Step step : scenario.steps()) {
            StepResult timed = step(i++, step);
            results.add(timed);
            each.accept(timed);
            if (step instanceof Step.Submit s) {
                if (curve.arrive(AllocationCurve.demandMilli(s.manifest()))) {
                    curve.sample(allocatedMilli());
                }
                if (step == lastSubmit && curve.lastDue()) {
                    curve.last(allocatedMilli());
                }
            }
        }
        int failed = (int) results.stream().filter(r -> !r.passed()).count();
        int passed = (int) results.stream().filter(r -> r.check() && r.passed()).count();
        LabSnapshot end = backend.snapshot();
        return new RunResult(scenario.name(), results, LabState.of(end),
                new RunResult.Summary(passed, failed, LabMetrics.of(end), curve.points()), warnings(scenario, end));
    }

    /**
     * The scenario's own warnings and, on a real backend (where the scenario's stated workers are not the ones
     * observed), each observed kubelet outside the version-skew policy or not checked against it, in the same words.
     */
    private static List<String> warnings(Scenario scenario, LabSnapshot end) {
        List<String> out = new ArrayList<>(scenario.warnings());
        if (!"sim".equals(end.backend())) {
            for (TenantView t : end.tenants()) {
                for (io.gpulab.engine.api.ControlPlaneView.KubeletView k : t.controlPlane().kubelets()) {
                    if (!k.checked()) {
                        out.add("tenant " + t.name() + ", worker " + k.node() + ": version skew not checked: "
                                + k.unchecked());
                    } else if (!k.supported()) {
                        out.add("tenant " + t.name() + ", worker " + k.node() + ": " + k.violation());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Runs one step now, as {@link #run} runs each: {@code index} is its 1-based place in the scenario (the workbench
     * plays a scenario one step at a time with this, so a step played there is judged exactly as in a run).
     */
    public StepResult step(int index, Step step) {
        long start = System.nanoTime();
        StepResult r = apply(index, step);
        // evidence of when: the lab's clock after the step (virtual in sim) and the real time it took; steps at
        // the same virtual time share its text (a replay keeps every step's result)
        java.time.Instant now = backend.now();
        if (!now.equals(lastAt)) {
            lastAt = now;
            lastAtText = now.toString();
        }
        return r.timed(lastAtText, (System.nanoTime() - start) / 1e6);
    }

    /**
     * GPU-milli allocated now, as {@code LabMetrics.of(snapshot).gpuAllocation().used()}: the simulated lab keeps it
     * as nodes change, so the curve's samples do not build a snapshot of every pod (12 % of a 50,000-pod run).
     */
    private long allocatedMilli() {
        return backend.gpuAllocatedMilli()
                .orElseGet(() -> LabMetrics.of(backend.snapshot()).gpuAllocation().used());
    }

    private StepResult apply(int index, Step step) {
        if (step instanceof Step.Submit s) {
            return submit(index, s);
        }
        if (step instanceof Step.ExpectPod s) {
            ObservedPod o = observe(s.tenant(), s.pod(), null, true);
            return result(index, step, o.limited(failedNodesLimit, pool), s.expect(), Checks.pod(s.expect(), o));
        }
        if (step instanceof Step.ExpectVisibility s) {
            return visibility(index, s);
        }
        if (step instanceof Step.ExpectCard s) {
            return card(index, s);
        }
        if (step instanceof Step.ExpectLock s) {
            return lock(index, s);
        }
        if (step instanceof Step.TakeLock s) {
            return takeLock(index, s);
        }
        if (step instanceof Step.ReleaseLock s) {
            return releaseLock(index, s);
        }
        if (step instanceof Step.Delete s && s.expectError() != null) {
            return refusedAsExpected(index, s, new LabCommand.DeletePod(s.tenant(), s.pod()), s.expectError());
        }
        if (step instanceof Step.Upgrade s && s.expectError() != null) {
            return refusedAsExpected(index, s, new LabCommand.UpgradeControlPlane(s.tenant(), s.version()),
                    s.expectError());
        }
        if (step instanceof Step.ExpectControlPlane s) {
            return controlPlane(index, s);
        }
        if (step instanceof Step.ExpectDataStore s) {
            return dataStore(index, s);
        }
        if (step instanceof Step.ExpectKubelet s) {
            return kubelet(index, s);
        }
        return command(index, step, commandOf(step).orElseThrow(
                () -> new IllegalArgumentException("step " + step.action() + " is a check, not a command")));
    }

    /** The engine command of a step that changes the lab; empty for a step that only checks. */
    public static Optional<LabCommand> commandOf(Step step) {
        if (step instanceof Step.Delete s) {
            return Optional.of(new LabCommand.DeletePod(s.tenant(), s.pod()));
        } else if (step instanceof Step.Advance s) {
            return Optional.of(new LabCommand.Advance(s.by()));
        } else if (step instanceof Step.Unlock s) {
            return Optional.of(new LabCommand.Unlock(s.tenant(), s.node()));
        } else if (step instanceof Step.TakeLock s) {
            return Optional.of(new LabCommand.TakeLock(s.tenant(), s.node(), s.holder(), s.value()));
        } else if (step instanceof Step.ReleaseLock s) {
            return Optional.of(new LabCommand.ReleaseLock(s.tenant(), s.node(), s.holder()));
        } else if (step instanceof Step.LockPatchFault s) {
            return Optional.of(new LabCommand.LockPatchFault(s.tenant(), s.node(), s.kind(), s.times(), s.holder(),
                    s.value()));
        } else if (step instanceof Step.Konnectivity s) {
            return Optional.of(new LabCommand.SetKonnectivity(s.tenant(), s.up()));
        } else if (step instanceof Step.CardHealth s) {
            return Optional.of(new LabCommand.SetCardHealth(s.tenant(), s.card(), s.healthy()));
        } else if (step instanceof Step.KubeletFault s) {
            return Optional.of(new LabCommand.SetKubelet(s.tenant(), s.node(), s.up()));
        } else if (step instanceof Step.PluginRestart s) {
            return Optional.of(new LabCommand.RestartPlugin(s.tenant(), s.node()));
        } else if (step instanceof Step.SetLifecycle s) {
            return Optional.of(new LabCommand.SetLifecycle(s.mode()));
        } else if (step instanceof Step.SetFailurePolicy s) {
            return Optional.of(new LabCommand.SetWebhookFailurePolicy(s.tenant(), s.policy()));
        } else if (step instanceof Step.Submit s) {
            return Optional.of(new LabCommand.SubmitPod(s.tenant(), s.manifest()));
        } else if (step instanceof Step.DataStoreFault s) {
            return Optional.of(new LabCommand.SetDataStoreMember(s.dataStore(), s.member(), s.up()));
        } else if (step instanceof Step.ManagementNodeFault s) {
            return Optional.of(new LabCommand.SetManagementNode(s.node(), s.state()));
        } else if (step instanceof Step.TcpReplicaLost s) {
            return Optional.of(new LabCommand.LoseTcpReplica(s.tenant(), s.pod()));
        } else if (step instanceof Step.DataStoreAccess s) {
            return Optional.of(new LabCommand.SetDataStoreAccess(s.tenant(), s.granted()));
        } else if (step instanceof Step.ComponentFault s) {
            return Optional.of(new LabCommand.SetControlPlaneComponent(s.tenant(), s.component(), s.up()));
        } else if (step instanceof Step.KonnectivityServerRestart s) {
            return Optional.of(new LabCommand.RestartKonnectivityServer(s.tenant()));
        } else if (step instanceof Step.SetWritePermissions s) {
            return Optional.of(new LabCommand.SetWritePermissions(s.tenant(), s.blockCreation(), s.blockUpdate(),
                    s.blockDeletion()));
        } else if (step instanceof Step.Upgrade s) {
            return Optional.of(new LabCommand.UpgradeControlPlane(s.tenant(), s.version()));
        } else if (step instanceof Step.Scale s) {
            return Optional.of(new LabCommand.ScaleControlPlane(s.tenant(), s.replicas()));
        }
        return Optional.empty();
    }

    private StepResult submit(int index, Step.Submit s) {
        return submitted(index, s, backend.execute(new LabCommand.SubmitPod(s.tenant(), s.manifest())));
    }

    /**
     * Judges step {@code s} as {@link #run} does, after its create was sent and answered {@code r} (the workbench
     * sends a user's drop itself and judges it here, so its verdict is the one {@code gpulab run} of the recorded
     * history gives: a create refused at admission without {@code expect} fails).
     */
    public StepResult submitted(int index, Step.Submit s, CommandResult r) {
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
        return result(index, s, o.limited(failedNodesLimit, pool), s.expect(), checked);
    }

    /** A create the API server refused, with its reason in words in the run document (no pod to ask about). */
    private ObservedPod refusedInWords(ObservedPod o) {
        if (failedNodesLimit == 0) {
            return o;
        }
        return o.explained(io.gpulab.engine.api.PlainReasons.of(new io.gpulab.engine.api.PlainReasons.Pod(o.phase(),
                o.reason() == null ? "" : o.reason(), o.message() == null ? "" : o.message(), Map.of(), List.of(),
                Map.of(), "", null), io.gpulab.engine.api.PlainReasons.Lab.of(List.of())).orElse(null));
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


    private StepResult command(int index, Step step, LabCommand command) {
        CommandResult r = backend.execute(command);
        Comparisons none = new Comparisons();
        if (r.accepted()) {
            return result(index, step, null, null, none);
        }
        none.problem("the backend refused the step: " + r.message());
        return result(index, step, Map.of("message", r.message()), null, none);
    }

    private StepResult visibility(int index, Step.ExpectVisibility s) {
        TenantView t = backend.snapshot().tenant(s.tenant()).orElse(null);
        if (t == null) {
            return result(index, s, null, Checks.expectOf(s), List.of(missingTenant(s.tenant())));
        }
        String refused = t.controlPlane().apiError();
        if (!refused.isEmpty() || s.error() != null) {
            // the list itself is refused while the tenant's control plane cannot answer
            Comparisons c = new Comparisons();
            if (s.error() != null) {
                c.same("error", s.error(), refused.isEmpty() ? null : refused);
            } else {
                c.problem("the API server refused the list: " + refused);
            }
            return result(index, s, Map.of("error", refused.isEmpty() ? "(none: the list was served)" : refused),
                    Checks.expectOf(s), c);
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("nodes", t.nodes().stream().map(NodeView::name).toList());
        seen.put("pods", Checks.workloadPods(t));
        Map<String, Map<String, String>> capacity = new LinkedHashMap<>();
        t.nodes().forEach(n -> capacity.put(n.name(), new java.util.TreeMap<>(n.capacity())));
        seen.put("capacity", capacity);
        return result(index, s, seen, Checks.expectOf(s), Checks.visibility(s, t));
    }

    private StepResult card(int index, Step.ExpectCard s) {
        CardView c = backend.snapshot().tenant(s.tenant()).flatMap(t -> t.node(s.node()))
                .flatMap(n -> n.cards().stream().filter(x -> x.index() == s.index()).findFirst()).orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("node", s.node());
        expect.put("index", s.index());
        putIf(expect, "usedMemMB", s.usedMemMB());
        putIf(expect, "usedCores", s.usedCores());
        putIf(expect, "usedSlots", s.usedSlots());
        putIf(expect, "health", s.health());
        return result(index, s, c == null ? null : LabState.Card.of(c), expect, Checks.card(s, c));
    }

    private StepResult lock(int index, Step.ExpectLock s) {
        NodeView n = backend.snapshot().tenant(s.tenant()).flatMap(t -> t.node(s.node())).orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("node", s.node());
        expect.put("held", s.held());
        putIf(expect, "holder", s.holder());
        if (n == null) {
            return result(index, s, null, expect, List.of("tenant " + s.tenant() + " lists no node " + s.node()));
        }
        return result(index, s, LabState.node(n).lock(), expect, Checks.lock(s, n.lock()));
    }

    /** How the sim says a lock step's patch loop failed (HAMi returned an error after the node may have changed). */
    private static final String ERROR = "ERROR ";

    /** A lock taken as another holder: the outcome, or HAMi's refusal, and the lock after it. */
    private StepResult takeLock(int index, Step.TakeLock s) {
        CommandResult r = backend.execute(new LabCommand.TakeLock(s.tenant(), s.node(), s.holder(), s.value()));
        // HAMi's refusal (contention, a malformed lock) changes nothing; a patch loop that failed may have
        boolean failed = !r.accepted() || r.message().startsWith(ERROR);
        String error = !r.accepted() ? r.message() : failed ? r.message().substring(ERROR.length()) : null;
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("outcome", failed ? null : r.message());
        seen.put("error", error);
        seen.put("lock", lockValue(s.tenant(), s.node()));
        Map<String, Object> expect = new LinkedHashMap<>();
        putIf(expect, "outcome", s.expectOutcome());
        putIf(expect, "error", s.expectError());
        Comparisons c = new Comparisons();
        c.same("outcome", s.expectOutcome(), seen.get("outcome"));
        c.same("error", s.expectError(), seen.get("error"));
        if (failed && s.expectError() == null) {
            c.problem("the backend refused the step: " + error);
        }
        return result(index, s, seen, s.isCheck() ? expect : null, c);
    }

    /** A lock released as another holder: whether HAMi removed it, and the lock after it. */
    private StepResult releaseLock(int index, Step.ReleaseLock s) {
        CommandResult r = backend.execute(new LabCommand.ReleaseLock(s.tenant(), s.node(), s.holder()));
        Comparisons c = new Comparisons();
        if (!r.accepted()) {
            c.problem("the backend refused the step: " + r.message());
            return result(index, s, Map.of("message", r.message()), null, c);
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("released", "released".equals(r.message()));
        seen.put("lock", lockValue(s.tenant(), s.node()));
        if (r.message().startsWith(ERROR)) {
            seen.put("error", r.message().substring(ERROR.length()));
            c.problem("HAMi's release failed: " + seen.get("error"));
        }
        c.same("released", s.expectReleased(), seen.get("released"));
        return result(index, s, seen, s.expectReleased() == null ? null : Map.of("released", s.expectReleased()), c);
    }

    /** A command the backend is to refuse with exactly {@code error}: the refusal is what is checked. */
    private StepResult refusedAsExpected(int index, Step step, LabCommand command, String error) {
        CommandResult r = backend.execute(command);
        Comparisons c = new Comparisons();
        String seen = r.accepted() ? null : r.message();
        c.same("error", error, seen);
        Map<String, Object> observed = new LinkedHashMap<>();
        observed.put("error", seen == null ? "(none: the backend accepted the step)" : seen);
        return result(index, step, observed, Map.of("error", error), c);
    }

    private StepResult controlPlane(int index, Step.ExpectControlPlane s) {
        TenantView t = backend.snapshot().tenant(s.tenant()).orElse(null);
        if (t == null) {
            return result(index, s, null, null, List.of(missingTenant(s.tenant())));
        }
        io.gpulab.engine.api.ControlPlaneView cp = t.controlPlane();
        Object seen = LabState.ControlPlane.of(cp);
        Comparisons c = new Comparisons();
        c.same("status", s.status(), cp.phase());
        c.same("installedVersion", s.installedVersion(), cp.installedVersion());
        c.same("readyReplicas", s.readyReplicas(), cp.readyReplicas());
        c.same("updatedReplicas", s.updatedReplicas(), cp.updatedReplicas());
        // a real backend that could not ask the API server knows neither answer: a serving check fails either way
        c.same("serving", s.serving(), cp.apiKnown() ? cp.serving() : cp.apiObserved());
        c.same("apiError", s.apiError(), cp.apiError());
        if (s.apiErrorContains() != null) {
            c.add("apiErrorContains", s.apiErrorContains(), cp.apiError(), cp.apiError().contains(s.apiErrorContains()),
                    "apiErrorContains: expected the API's error to contain \"" + s.apiErrorContains() + "\", observed "
                            + (cp.apiError().isEmpty() ? "none (it answers)" : cp.apiError()));
        }
        if (s.podNodes() != null) {
            List<String> want = new ArrayList<>(s.podNodes());
            want.sort(null);
            c.same("podNodes", want, sortedNodes(cp));
        }
        Map<String, Object> expect = new LinkedHashMap<>();
        putIf(expect, "status", s.status());
        putIf(expect, "installedVersion", s.installedVersion());
        putIf(expect, "readyReplicas", s.readyReplicas());
        putIf(expect, "updatedReplicas", s.updatedReplicas());
        putIf(expect, "serving", s.serving());
        putIf(expect, "apiError", s.apiError());
        putIf(expect, "apiErrorContains", s.apiErrorContains());
        putIf(expect, "podNodes", s.podNodes());
        return result(index, s, seen, expect, c);
    }

    private static List<String> sortedNodes(io.gpulab.engine.api.ControlPlaneView cp) {
        List<String> out = new ArrayList<>(cp.pods().stream().map(io.gpulab.engine.api.ControlPlaneView.TcpPodView::node)
                .toList());
        out.sort(null);
        return out;
    }

    private StepResult dataStore(int index, Step.ExpectDataStore s) {
        io.gpulab.engine.api.ManagementView.DataStoreView d = backend.snapshot().management().dataStores().stream()
                .filter(x -> x.name().equals(s.dataStore())).findFirst().orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("dataStore", s.dataStore());
        putIf(expect, "ready", s.ready());
        putIf(expect, "healthyMembers", s.healthyMembers());
        putIf(expect, "usedBy", s.usedBy());
        if (d == null) {
            return result(index, s, null, expect, List.of("the backend shows no DataStore " + s.dataStore()));
        }
        Object seen = d;
        Comparisons c = new Comparisons();
        c.same("ready", s.ready(), d.ready());
        c.same("healthyMembers", s.healthyMembers(), (int) d.healthy());
        if (s.usedBy() != null) {
            c.same("usedBy", new java.util.TreeSet<>(s.usedBy()).stream().toList(),
                    new java.util.TreeSet<>(d.usedBy()).stream().toList());
        }
        return result(index, s, seen, expect, c);
    }

    private StepResult kubelet(int index, Step.ExpectKubelet s) {
        io.gpulab.engine.api.ControlPlaneView.KubeletView k = backend.snapshot().tenant(s.tenant())
                .flatMap(t -> t.controlPlane().kubelets().stream().filter(x -> x.node().equals(s.node())).findFirst())
                .orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("node", s.node());
        putIf(expect, "version", s.version());
        putIf(expect, "supported", s.supported());
        putIf(expect, "violation", s.violation());
        if (k == null) {
            return result(index, s, null, expect, List.of("tenant " + s.tenant() + " shows no kubelet of " + s.node()));
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("node", k.node());
        seen.put("version", k.version());
        seen.put("supported", k.checked() ? k.supported() : "not checked: " + k.unchecked());
        seen.put("violation", k.violation());
        Comparisons c = new Comparisons();
        c.same("version", s.version(), k.version());
        // a kubelet whose skew could not be checked is neither supported nor not: both expectations fail
        c.same("supported", s.supported(), k.checked() ? k.supported() : "not checked: " + k.unchecked());
        c.same("violation", s.violation(), k.checked() ? k.violation() : "not checked: " + k.unchecked());
        return result(index, s, seen, expect, c);
    }

    private @Nullable String lockValue(String tenant, String node) {
        return backend.snapshot().tenant(tenant).flatMap(t -> t.node(node))
                .map(n -> n.annotations().get(io.gpulab.scheduler.codec.HamiAnnotations.MUTEX_LOCK)).orElse(null);
    }

    private static void putIf(Map<String, Object> m, String key, @Nullable Object v) {
        if (v != null) {
            m.put(key, v);
        }
    }

    private String missingTenant(String tenant) {
        return "tenant " + tenant + " is not in this lab (it has: " + String.join(", ", backend.snapshot().tenants()
                .stream().map(TenantView::name).toList()) + ")";
    }

    /**
     * A failed step on a tenant the backend could not fully observe says why, so the report carries the
     * cause (credentials refused, unreachable, late first list), not only the mismatch it led to.
     */
    private List<String> withCause(Step step, List<String> problems) {
        if (problems.isEmpty() || step.tenant() == null || step.tenant().isEmpty()) {
            return problems;
        }
        var tenant = backend.snapshot().tenant(step.tenant());
        List<String> causes = tenant.isEmpty() ? List.of(missingTenant(step.tenant()))
                : tenant.get().warnings().stream().map(w -> "tenant " + step.tenant() + ": " + w).toList();
        List<String> out = new ArrayList<>(problems);
        causes.stream().filter(c -> !out.contains(c)).forEach(out::add);
        return out;
    }

    private StepResult result(int index, Step step, @Nullable Object observed, @Nullable Object expect,
                              List<String> stepProblems) {
        Comparisons none = new Comparisons();
        stepProblems.forEach(none::problem);
        return result(index, step, observed, expect, none);
    }

    private StepResult result(int index, Step step, @Nullable Object observed, @Nullable Object expect,
                              Comparisons checked) {
        List<String> problems = withCause(step, checked.problems());
        return new StepResult(index, step.action(), step.tenant(), step.pod(), observed, expect, problems.isEmpty(),
                problems, step.label(), step.line(), step.isCheck() || !problems.isEmpty(), checked.compared(), null,
                0, StepText.of(step));
    }
}
