package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code steps}, checking every reference against the lab (tenants, nodes, cards) and against
 * the pods earlier steps submitted, so an impossible step fails at load time instead of half-way.
 */
final class StepReader {

    /** The step actions, in the order the file format documents them. */
    static final String[] ACTIONS = {"submit", "expectPod", "delete", "advance", "unlock", "lock", "release", "fault",
        "set", "upgrade", "scale", "expectVisibility", "expectCard", "expectLock", "expectControlPlane", "expectDataStore",
        "expectKubelet"};
    /** The keys of a pod expectation ({@code expect} of a submit, and {@code expectPod}). */
    static final String[] EXPECT_KEYS = {"phase", "node", "devices", "reason", "failedNodes", "schedulerName",
        "hamiAllocated", "message", "messageContains"};
    /** The keys a step may have: one action, plus {@code expect} and {@code name}. */
    private static final String[] STEP_KEYS = stepKeys();

    private final StepRefs refs;
    private final LivePods pods;
    private final FaultStepReader faults;
    private final CheckStepReader checks;

    StepReader(LabSpec lab) {
        this.refs = new StepRefs(lab);
        this.pods = new LivePods(lab);
        this.faults = new FaultStepReader(refs);
        this.checks = new CheckStepReader(refs);
    }

    List<Step> read(ScenarioNode steps) {
        List<ScenarioNode> items = steps.list();
        if (items.size() > ReaderLimits.MAX_STEPS) {
            throw steps.error(items.size() + " steps; a scenario has at most " + ReaderLimits.MAX_STEPS);
        }
        List<Step> out = new ArrayList<>(items.size());
        for (ScenarioNode s : items) {
            out.add(step(s));
        }
        return out;
    }

    private static String[] stepKeys() {
        List<String> keys = new ArrayList<>(List.of(ACTIONS));
        keys.add("expect");
        keys.add("name");
        return keys.toArray(String[]::new);
    }

    private Step step(ScenarioNode s) {
        s.object(STEP_KEYS);
        String action = s.oneOf("a step", ACTIONS);
        String label = s.text("name", "");
        int line = s.line();
        ScenarioNode a = s.get(action);
        if (s.has("expect") && !List.of("submit", "lock", "release", "delete", "upgrade").contains(action)) {
            throw s.get("expect").error("'expect' belongs to a submit, lock, release, delete or upgrade step; use "
                    + "expectPod to check a pod later");
        }
        return switch (action) {
            case "submit" -> submit(line, label, a, s.opt("expect"));
            case "expectPod" -> {
                a.object(PodExpectReader.withTenantAndPod());
                String tenant = refs.tenant(a);
                yield new Step.ExpectPod(line, label, tenant, pods.known(a, tenant), PodExpectReader.read(a));
            }
            case "delete" -> {
                a.object("tenant", "pod");
                String tenant = refs.tenant(a);
                String pod = pods.known(a, tenant);
                String error = expectedError(s.opt("expect"));
                if (error == null) {
                    // a delete expected to be refused leaves the pod where it was
                    pods.deleted(tenant, pod);
                }
                yield new Step.Delete(line, label, tenant, pod, error);
            }
            case "upgrade" -> {
                a.object("tenant", "version");
                String tenant = refs.tenant(a);
                String version = a.get("version").scalar();
                try {
                    io.gpulab.engine.lab.KubeVersion.parse(version, "version");
                } catch (IllegalArgumentException e) {
                    throw a.get("version").error(e.getMessage());
                }
                yield new Step.Upgrade(line, label, tenant, version, expectedError(s.opt("expect")));
            }
            case "scale" -> {
                a.object("tenant", "replicas");
                yield new Step.Scale(line, label, refs.tenant(a), a.get("replicas").integer(0));
            }
            case "expectControlPlane" -> checks.controlPlane(line, label, a);
            case "expectDataStore" -> checks.dataStore(line, label, a);
            case "expectKubelet" -> checks.kubelet(line, label, a);
            case "advance" -> new Step.Advance(line, label, LabReader.duration(a));
            case "unlock" -> {
                a.object("tenant", "node");
                String tenant = refs.tenant(a);
                yield new Step.Unlock(line, label, tenant, refs.node(a, tenant));
            }
            case "lock" -> takeLock(line, label, a, s.opt("expect"));
            case "release" -> {
                a.object("tenant", "node", "holder");
                String tenant = refs.tenant(a);
                Boolean released = null;
                ScenarioNode e = s.opt("expect");
                if (e != null) {
                    e.object("released");
                    released = e.get("released").bool();
                }
                yield new Step.ReleaseLock(line, label, tenant, refs.node(a, tenant), podKey(a.get("holder").text()),
                        released);
            }
            case "fault" -> faults.fault(line, label, a);
            case "set" -> set(line, label, a);
            case "expectVisibility" -> checks.visibility(line, label, a);
            case "expectCard" -> checks.card(line, label, a);
            default -> checks.lock(line, label, a);
        };
    }

    private Step submit(int line, String label, ScenarioNode a, @Nullable ScenarioNode expect) {
        a.object("tenant", "pod");
        String tenant = refs.tenant(a);
        PodManifestCheck.Checked pod = PodManifestCheck.checkSubmitted(a.get("pod"));
        @Nullable PodExpect e = null;
        if (expect != null) {
            expect.object(EXPECT_KEYS);
            e = PodExpectReader.read(expect);
        }
        pods.submit(a.get("pod"), tenant, pod.key(), line, e != null && "Rejected".equals(e.phase()));
        return new Step.Submit(line, label, tenant, pod.key(), pod.manifest(), e);
    }

    /** The lock outcomes a {@code lock} step may expect (HAMi's LockNode, or a value written as given). */
    static final String[] LOCK_OUTCOMES = {"ACQUIRED", "TOOK_OVER_EXPIRED", "REENTRANT", "TOOK_OVER_DANGLING",
        "WRITTEN"};

    private Step takeLock(int line, String label, ScenarioNode a, @Nullable ScenarioNode e) {
        a.object("tenant", "node", "holder", "value");
        String tenant = refs.tenant(a);
        String how = a.oneOf("a lock", "holder", "value");
        String outcome = null;
        String error = null;
        if (e != null) {
            e.object("outcome", "error");
            e.oneOf("a lock expectation", "outcome", "error");
            outcome = e.has("outcome") ? e.get("outcome").choice(LOCK_OUTCOMES) : null;
            error = e.has("error") ? e.get("error").scalar() : null;
        }
        return new Step.TakeLock(line, label, tenant, refs.node(a, tenant),
                "holder".equals(how) ? podKey(a.get("holder").text()) : null,
                "value".equals(how) ? a.get("value").scalar() : null, outcome, error);
    }

    private @Nullable String expectedError(@Nullable ScenarioNode e) {
        if (e == null) {
            return null;
        }
        e.object("error");
        return e.get("error").scalar();
    }

    private Step set(int line, String label, ScenarioNode a) {
        a.object("tenant", "lifecycle", "webhookFailurePolicy", "writePermissions");
        String what = a.oneOf("set", "lifecycle", "webhookFailurePolicy", "writePermissions");
        if ("lifecycle".equals(what)) {
            return new Step.SetLifecycle(line, label,
                    a.get("lifecycle").choice(LabSpec.LIFECYCLE_COMPLETE, LabSpec.LIFECYCLE_ARTICLE));
        }
        if ("writePermissions".equals(what)) {
            var w = KamajiReader.writePermissions(a.get("writePermissions"));
            return new Step.SetWritePermissions(line, label, refs.tenant(a), w.blockCreation(), w.blockUpdate(),
                    w.blockDeletion());
        }
        return new Step.SetFailurePolicy(line, label, refs.tenant(a),
                a.get("webhookFailurePolicy").choice(HamiSettings.POLICY_IGNORE, HamiSettings.POLICY_FAIL));
    }

    static String podKey(String ref) {
        return ref.contains("/") ? ref : "default/" + ref;
    }

    /** An optional scalar of a step: null when the key is absent. */
    static @Nullable String opt(ScenarioNode e, String key) {
        return e.has(key) ? e.get(key).scalar() : null;
    }

    static @Nullable Integer optInt(ScenarioNode e, String key) {
        return e.has(key) ? e.get(key).integer(0) : null;
    }
}
