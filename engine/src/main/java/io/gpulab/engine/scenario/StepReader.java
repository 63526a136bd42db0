package io.gpulab.engine.scenario;

import io.gpulab.engine.api.ReasonCodes;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.sim.RegisteredCards;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    private final LabSpec lab;
    private final Map<String, Set<String>> submitted = new HashMap<>();
    /** Per tenant, the line of the submit that created each pod key still alive (a duplicate names it). */
    private final Map<String, Map<String, Integer>> createdAt = new HashMap<>();
    private final Set<String> tenantNames;
    private final Map<String, Map<String, List<RegisteredCards.Card>>> registeredCards = new HashMap<>();

    StepReader(LabSpec lab) {
        this.lab = lab;
        this.tenantNames = lab.tenants().stream().map(TenantSpec::name).collect(java.util.stream.Collectors.toSet());
        // pods the lab states up front exist before the first step: steps may check or delete them, and a
        // submit of the same name is a duplicate (line 0: "stated in the lab")
        for (TenantSpec t : lab.tenants()) {
            List<Map<String, Object>> existing = new ArrayList<>(t.pods());
            t.workers().forEach(w -> existing.addAll(w.pods()));
            for (Map<String, Object> pod : existing) {
                String key = existingKey(pod);
                if (key != null) {
                    submitted.computeIfAbsent(t.name(), x -> new HashSet<>()).add(key);
                    createdAt.computeIfAbsent(t.name(), x -> new HashMap<>()).put(key, 0);
                }
            }
        }
    }

    private static @Nullable String existingKey(Map<String, Object> pod) {
        if (!(pod.get("metadata") instanceof Map<?, ?> meta) || !(meta.get("name") instanceof String name)) {
            return null;
        }
        return (meta.get("namespace") instanceof String ns ? ns : "default") + "/" + name;
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
                a.object(withTenantAndPod());
                String tenant = tenant(a);
                yield new Step.ExpectPod(line, label, tenant, knownPod(a, tenant), expect(a));
            }
            case "delete" -> {
                a.object("tenant", "pod");
                String tenant = tenant(a);
                String pod = knownPod(a, tenant);
                String error = expectedError(s.opt("expect"));
                if (error == null) {
                    // a delete expected to be refused leaves the pod where it was
                    submitted.get(tenant).remove(pod);
                    createdAt.get(tenant).remove(pod);
                }
                yield new Step.Delete(line, label, tenant, pod, error);
            }
            case "upgrade" -> {
                a.object("tenant", "version");
                String tenant = tenant(a);
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
                yield new Step.Scale(line, label, tenant(a), a.get("replicas").integer(0));
            }
            case "expectControlPlane" -> controlPlane(line, label, a);
            case "expectDataStore" -> dataStore(line, label, a);
            case "expectKubelet" -> {
                a.object("tenant", "node", "version", "supported", "violation");
                String tenant = tenant(a);
                yield new Step.ExpectKubelet(line, label, tenant, node(a, tenant), opt(a, "version"),
                        a.has("supported") ? a.get("supported").bool() : null, opt(a, "violation"));
            }
            case "advance" -> new Step.Advance(line, label, LabReader.duration(a));
            case "unlock" -> {
                a.object("tenant", "node");
                String tenant = tenant(a);
                yield new Step.Unlock(line, label, tenant, node(a, tenant));
            }
            case "lock" -> takeLock(line, label, a, s.opt("expect"));
            case "release" -> {
                a.object("tenant", "node", "holder");
                String tenant = tenant(a);
                Boolean released = null;
                ScenarioNode e = s.opt("expect");
                if (e != null) {
                    e.object("released");
                    released = e.get("released").bool();
                }
                yield new Step.ReleaseLock(line, label, tenant, node(a, tenant), podKey(a.get("holder").text()),
                        released);
            }
            case "fault" -> fault(line, label, a);
            case "set" -> set(line, label, a);
            case "expectVisibility" -> visibility(line, label, a);
            case "expectCard" -> card(line, label, a);
            default -> lock(line, label, a);
        };
    }

    private Step submit(int line, String label, ScenarioNode a, @Nullable ScenarioNode expect) {
        a.object("tenant", "pod");
        String tenant = tenant(a);
        PodManifestCheck.Checked pod = PodManifestCheck.checkSubmitted(a.get("pod"));
        @Nullable PodExpect e = null;
        if (expect != null) {
            expect.object(EXPECT_KEYS);
            e = expect(expect);
        }
        Map<String, Integer> alive = createdAt.computeIfAbsent(tenant, t -> new HashMap<>());
        Integer first = alive.get(pod.key());
        // the API server answers AlreadyExists and creates nothing: a scenario that does not expect that is wrong
        if (first != null && (e == null || !"Rejected".equals(e.phase()))) {
            throw a.get("pod").error("pod " + pod.key() + " already exists in tenant " + tenant + " ("
                    + (first == 0 ? "stated in the lab" : "submitted on line " + first) + "); the API server would "
                    + "answer AlreadyExists and create nothing: delete it first, choose another name, or expect "
                    + "phase: Rejected");
        }
        submitted.computeIfAbsent(tenant, t -> new HashSet<>()).add(pod.key());
        if (first == null && (e == null || !"Rejected".equals(e.phase()))) {
            alive.put(pod.key(), line); // a create expected to be refused leaves nothing behind
        }
        return new Step.Submit(line, label, tenant, pod.key(), pod.manifest(), e);
    }

    private PodExpect expect(ScenarioNode e) {
        String phase = e.has("phase") ? e.get("phase").choice("Pending", "Running", "Succeeded", "Failed", "Rejected")
                : null;
        List<String> devices = e.has("devices") ? e.get("devices").texts() : null;
        Map<String, String> failed = null;
        if (e.has("failedNodes")) {
            failed = new LinkedHashMap<>();
            for (var entry : e.get("failedNodes").entries().entrySet()) {
                failed.put(entry.getKey(), entry.getValue().scalar());
            }
        }
        String reason = null;
        if (e.has("reason")) {
            reason = e.get("reason").scalar();
            if (ReasonCodes.find(reason).isEmpty()) {
                throw e.get("reason").error("unknown reason '" + Quote.clip(reason) + "': reason matches one code "
                        + "exactly (for part of the message use messageContains); valid reasons: "
                        + ReasonCodes.list());
            }
        }
        return new PodExpect(phase, opt(e, "node"), devices, reason, failed, opt(e, "schedulerName"),
                e.has("hamiAllocated") ? e.get("hamiAllocated").bool() : null, opt(e, "message"),
                opt(e, "messageContains"));
    }

    private static String[] withTenantAndPod() {
        List<String> keys = new ArrayList<>(List.of("tenant", "pod"));
        keys.addAll(List.of(EXPECT_KEYS));
        return keys.toArray(String[]::new);
    }

    /** The lock outcomes a {@code lock} step may expect (HAMi's LockNode, or a value written as given). */
    static final String[] LOCK_OUTCOMES = {"ACQUIRED", "TOOK_OVER_EXPIRED", "REENTRANT", "TOOK_OVER_DANGLING",
        "WRITTEN"};

    private Step takeLock(int line, String label, ScenarioNode a, @Nullable ScenarioNode e) {
        a.object("tenant", "node", "holder", "value");
        String tenant = tenant(a);
        String how = a.oneOf("a lock", "holder", "value");
        String outcome = null;
        String error = null;
        if (e != null) {
            e.object("outcome", "error");
            e.oneOf("a lock expectation", "outcome", "error");
            outcome = e.has("outcome") ? e.get("outcome").choice(LOCK_OUTCOMES) : null;
            error = e.has("error") ? e.get("error").scalar() : null;
        }
        return new Step.TakeLock(line, label, tenant, node(a, tenant),
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

    private Step controlPlane(int line, String label, ScenarioNode a) {
        a.object("tenant", "status", "installedVersion", "readyReplicas", "updatedReplicas", "serving", "apiError",
                "apiErrorContains", "podNodes");
        String status = a.has("status") ? a.get("status").choice("Provisioning", "NotReady", "Ready", "Sleeping",
                "WriteLimited", "Upgrading", "Migrating", "Unknown") : null;
        List<String> nodes = a.has("podNodes") ? a.get("podNodes").texts() : null;
        return new Step.ExpectControlPlane(line, label, tenant(a), status, opt(a, "installedVersion"),
                optInt(a, "readyReplicas"), optInt(a, "updatedReplicas"), a.has("serving") ? a.get("serving").bool()
                : null, opt(a, "apiError"), opt(a, "apiErrorContains"), nodes);
    }

    private Step dataStore(int line, String label, ScenarioNode a) {
        a.object("dataStore", "ready", "healthyMembers", "usedBy");
        String name = dataStoreName(a);
        return new Step.ExpectDataStore(line, label, name, a.has("ready") ? a.get("ready").bool() : null,
                optInt(a, "healthyMembers"), a.has("usedBy") ? a.get("usedBy").texts() : null);
    }

    private String dataStoreName(ScenarioNode a) {
        String name = a.get("dataStore").text();
        List<String> names = lab.management().dataStores().stream().map(io.gpulab.engine.lab.DataStoreSpec::name)
                .toList();
        if (!names.contains(name)) {
            throw a.get("dataStore").error("no DataStore '" + name + "' (DataStores: " + String.join(", ", names) + ")");
        }
        return name;
    }

    /** The Kamaji faults: a DataStore member or the whole DataStore, a management node (no tenant). */
    private Step managementFault(int line, String label, ScenarioNode a) {
        a.object("dataStore", "member", "managementNode", "state");
        String what = a.oneOf("a management fault", "dataStore", "managementNode");
        if ("dataStore".equals(what)) {
            String ds = dataStoreName(a);
            String member = null;
            if (a.has("member")) {
                member = a.get("member").text();
                List<String> members = lab.management().dataStores().stream().filter(d -> d.name().equals(ds))
                        .findFirst().orElseThrow().members().stream().map(io.gpulab.engine.lab.DataStoreSpec.Member::name)
                        .toList();
                if (!members.contains(member)) {
                    throw a.get("member").error("DataStore " + ds + " has no member '" + member + "' (members: "
                            + String.join(", ", members) + ")");
                }
            }
            return new Step.DataStoreFault(line, label, ds, member, "up".equals(a.get("state").choice("down", "up")));
        }
        String node = a.get("managementNode").text();
        List<String> nodes = lab.management().nodes().stream().map(io.gpulab.engine.lab.ManagementNodeSpec::name)
                .toList();
        if (!nodes.contains(node)) {
            throw a.get("managementNode").error("no management node '" + node + "' (nodes: " + String.join(", ", nodes)
                    + ")");
        }
        return new Step.ManagementNodeFault(line, label, node, a.get("state").choice("lost", "drained", "ready"));
    }

    private Step fault(int line, String label, ScenarioNode a) {
        if (a.has("dataStore") || a.has("managementNode")) {
            return managementFault(line, label, a);
        }
        a.object("tenant", "konnectivity", "card", "health", "plugin", "node", "lockPatch", "times", "holder", "value",
                "tcpReplica", "pod", "konnectivityServer", "dataStoreAccess", "component", "state", "kubelet");
        String tenant = tenant(a);
        String kind = a.oneOf("a fault", "konnectivity", "card", "plugin", "lockPatch", "tcpReplica",
                "konnectivityServer", "dataStoreAccess", "component", "kubelet");
        if ("kubelet".equals(kind)) {
            boolean up = "up".equals(a.get("kubelet").choice("down", "up"));
            return new Step.KubeletFault(line, label, tenant, node(a, tenant), up);
        }
        if ("dataStoreAccess".equals(kind)) {
            return new Step.DataStoreAccess(line, label, tenant,
                    "granted".equals(a.get("dataStoreAccess").choice("revoked", "granted")));
        }
        if ("component".equals(kind)) {
            String c = a.get("component").choice(io.gpulab.engine.lab.ControlPlaneSpec.KUBE_SCHEDULER,
                    io.gpulab.engine.lab.ControlPlaneSpec.KUBE_CONTROLLER_MANAGER);
            return new Step.ComponentFault(line, label, tenant, c, "up".equals(a.get("state").choice("down", "up")));
        }
        if ("tcpReplica".equals(kind)) {
            a.get("tcpReplica").choice("lost");
            return new Step.TcpReplicaLost(line, label, tenant, a.has("pod") ? a.get("pod").text() : null);
        }
        if ("konnectivityServer".equals(kind)) {
            a.get("konnectivityServer").choice("restart");
            return new Step.KonnectivityServerRestart(line, label, tenant);
        }
        if ("lockPatch".equals(kind)) {
            int times = a.has("times") ? a.get("times").integer(1) : 1;
            String patch = a.get("lockPatch").choice("conflict", "lost");
            if ((a.has("holder") || a.has("value")) && !"conflict".equals(patch)) {
                throw a.error("holder and value name what a conflicting write left: lockPatch: conflict only");
            }
            if (a.has("holder") && a.has("value")) {
                throw a.error("a conflicting write leaves a holder's lock or a value, not both");
            }
            return new Step.LockPatchFault(line, label, tenant, node(a, tenant), patch, times,
                    a.has("holder") ? podKey(a.get("holder").text()) : null,
                    a.has("value") ? a.get("value").scalar() : null);
        }
        switch (kind) {
            case "konnectivity" -> {
                boolean up = "up".equals(a.get("konnectivity").choice("up", "down"));
                return new Step.Konnectivity(line, label, tenant, up);
            }
            case "card" -> {
                String card = a.get("card").text();
                List<String> ids = registered(a, tenant).values().stream().flatMap(List::stream)
                        .map(RegisteredCards.Card::id).toList();
                if (!ids.contains(card)) {
                    throw a.get("card").error("tenant " + tenant + " has no card '" + card + "' (cards: "
                            + String.join(", ", ids) + ")");
                }
                return new Step.CardHealth(line, label, tenant, card, a.get("health").bool());
            }
            default -> {
                a.get("plugin").choice("restart");
                return new Step.PluginRestart(line, label, tenant, node(a, tenant));
            }
        }
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
            return new Step.SetWritePermissions(line, label, tenant(a), w.blockCreation(), w.blockUpdate(),
                    w.blockDeletion());
        }
        return new Step.SetFailurePolicy(line, label, tenant(a),
                a.get("webhookFailurePolicy").choice(HamiSettings.POLICY_IGNORE, HamiSettings.POLICY_FAIL));
    }

    private Step visibility(int line, String label, ScenarioNode a) {
        a.object("tenant", "nodes", "pods", "capacity", "error");
        String tenant = tenant(a);
        Map<String, Map<String, String>> capacity = new LinkedHashMap<>();
        if (a.has("capacity")) {
            for (var node : a.get("capacity").entries().entrySet()) {
                Map<String, String> res = new LinkedHashMap<>();
                node.getValue().entries().forEach((k, v) -> res.put(k, v.scalar()));
                capacity.put(node.getKey(), res);
            }
        }
        List<String> nodes = a.has("nodes") ? a.get("nodes").texts() : null;
        List<String> pods = a.has("pods") ? a.get("pods").texts().stream().map(StepReader::podKey).toList() : null;
        String error = opt(a, "error");
        if (error != null && (nodes != null || pods != null || !capacity.isEmpty())) {
            throw a.get("error").error("a refused list has no nodes, pods or capacity to compare: give 'error' alone");
        }
        return new Step.ExpectVisibility(line, label, tenant, nodes, pods, capacity, error);
    }

    private Step card(int line, String label, ScenarioNode a) {
        a.object("tenant", "node", "index", "usedMemMB", "usedCores", "usedSlots", "health");
        String tenant = tenant(a);
        String node = node(a, tenant);
        int index = a.has("index") ? a.get("index").integer(0) : 0;
        List<Integer> indexes = registered(a, tenant).get(node).stream().map(RegisteredCards.Card::index).toList();
        if (!indexes.contains(index)) {
            // a verbatim registration may number its cards otherwise than 0, 1, ...: then say how
            boolean inOrder = java.util.stream.IntStream.range(0, indexes.size()).allMatch(k -> indexes.get(k) == k);
            throw a.get("index").error("node " + node + " has " + indexes.size() + " card(s)"
                    + (inOrder ? "" : " (indexes " + indexes.stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", ")) + ")") + ", no index " + index);
        }
        return new Step.ExpectCard(line, label, tenant, node, index, optInt(a, "usedMemMB"), optInt(a, "usedCores"),
                optInt(a, "usedSlots"), a.has("health") ? a.get("health").bool() : null);
    }

    private Step lock(int line, String label, ScenarioNode a) {
        a.object("tenant", "node", "held", "holder");
        String tenant = tenant(a);
        return new Step.ExpectLock(line, label, tenant, node(a, tenant), a.get("held").bool(),
                a.has("holder") ? podKey(a.get("holder").text()) : null);
    }

    private String tenant(ScenarioNode a) {
        String name = a.get("tenant").text();
        if (!tenantNames.contains(name)) {
            throw a.get("tenant").error("unknown tenant '" + name + "' (lab tenants: " + String.join(", ",
                    lab.tenants().stream().map(TenantSpec::name).toList()) + ")");
        }
        return name;
    }

    /** The {@code node} key, or the tenant's only worker when absent. */
    private String node(ScenarioNode a, String tenant) {
        List<String> nodes = tenantSpec(tenant).workers().stream().map(WorkerSpec::name).toList();
        if (!a.has("node")) {
            if (nodes.size() == 1) {
                return nodes.get(0);
            }
            throw a.error("missing required key 'node' (tenant " + tenant + " has " + nodes.size() + " workers)");
        }
        String node = a.get("node").text();
        if (!nodes.contains(node)) {
            throw a.get("node").error("tenant " + tenant + " has no node '" + node + "' (nodes: "
                    + String.join(", ", nodes) + ")");
        }
        return node;
    }

    private String knownPod(ScenarioNode a, String tenant) {
        String key = podKey(a.get("pod").text());
        if (!submitted.getOrDefault(tenant, Set.of()).contains(key)) {
            throw a.get("pod").error("no earlier step submitted pod " + key + " to tenant " + tenant
                    + " (or it was deleted)");
        }
        return key;
    }

    private TenantSpec tenantSpec(String tenant) {
        return lab.tenants().stream().filter(t -> t.name().equals(tenant)).findFirst().orElseThrow();
    }

    /** The cards each worker of the tenant registers, as the simulated lab registers them (read once). */
    private Map<String, List<RegisteredCards.Card>> registered(ScenarioNode step, String tenant) {
        Map<String, List<RegisteredCards.Card>> ids = registeredCards.get(tenant);
        if (ids == null) {
            try {
                ids = RegisteredCards.of(lab, tenantSpec(tenant));
            } catch (IllegalArgumentException e) {
                throw step.error("cannot tell the tenant's cards: " + e.getMessage());
            }
            registeredCards.put(tenant, ids);
        }
        return ids;
    }

    static String podKey(String ref) {
        return ref.contains("/") ? ref : "default/" + ref;
    }

    private static @Nullable String opt(ScenarioNode e, String key) {
        return e.has(key) ? e.get(key).scalar() : null;
    }

    private static @Nullable Integer optInt(ScenarioNode e, String key) {
        return e.has(key) ? e.get(key).integer(0) : null;
    }
}
