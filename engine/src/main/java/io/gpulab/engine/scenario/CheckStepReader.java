package io.gpulab.engine.scenario;

import static io.gpulab.engine.scenario.StepReader.opt;
import static io.gpulab.engine.scenario.StepReader.optInt;
import static io.gpulab.engine.scenario.StepReader.podKey;

import io.gpulab.engine.sim.RegisteredCards;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the checks of the lab's state ({@code expectVisibility}, {@code expectCard}, {@code expectLock},
 * {@code expectControlPlane}, {@code expectDataStore}, {@code expectKubelet}), each reference checked against the lab.
 */
final class CheckStepReader {

    private final StepRefs refs;

    CheckStepReader(StepRefs refs) {
        this.refs = refs;
    }

    Step visibility(int line, String label, ScenarioNode a) {
        a.object("tenant", "nodes", "pods", "capacity", "error");
        String tenant = refs.tenant(a);
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

    Step card(int line, String label, ScenarioNode a) {
        a.object("tenant", "node", "index", "usedMemMB", "usedCores", "usedSlots", "health");
        String tenant = refs.tenant(a);
        String node = refs.node(a, tenant);
        int index = a.has("index") ? a.get("index").integer(0) : 0;
        List<Integer> indexes = refs.registered(a, tenant).get(node).stream().map(RegisteredCards.Card::index).toList();
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

    Step lock(int line, String label, ScenarioNode a) {
        a.object("tenant", "node", "held", "holder");
        String tenant = refs.tenant(a);
        return new Step.ExpectLock(line, label, tenant, refs.node(a, tenant), a.get("held").bool(),
                a.has("holder") ? podKey(a.get("holder").text()) : null);
    }

    Step controlPlane(int line, String label, ScenarioNode a) {
        a.object("tenant", "status", "installedVersion", "readyReplicas", "updatedReplicas", "serving", "apiError",
                "apiErrorContains", "podNodes");
        String status = a.has("status") ? a.get("status").choice("Provisioning", "NotReady", "Ready", "Sleeping",
                "WriteLimited", "Upgrading", "Migrating", "Unknown") : null;
        List<String> nodes = a.has("podNodes") ? a.get("podNodes").texts() : null;
        return new Step.ExpectControlPlane(line, label, refs.tenant(a), status, opt(a, "installedVersion"),
                optInt(a, "readyReplicas"), optInt(a, "updatedReplicas"), a.has("serving") ? a.get("serving").bool()
                : null, opt(a, "apiError"), opt(a, "apiErrorContains"), nodes);
    }

    Step dataStore(int line, String label, ScenarioNode a) {
        a.object("dataStore", "ready", "healthyMembers", "usedBy");
        String name = refs.dataStore(a);
        return new Step.ExpectDataStore(line, label, name, a.has("ready") ? a.get("ready").bool() : null,
                optInt(a, "healthyMembers"), a.has("usedBy") ? a.get("usedBy").texts() : null);
    }

    Step kubelet(int line, String label, ScenarioNode a) {
        a.object("tenant", "node", "version", "supported", "violation");
        String tenant = refs.tenant(a);
        return new Step.ExpectKubelet(line, label, tenant, refs.node(a, tenant), opt(a, "version"),
                a.has("supported") ? a.get("supported").bool() : null, opt(a, "violation"));
    }
}
