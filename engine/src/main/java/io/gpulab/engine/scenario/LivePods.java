package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The pods that exist at each step while a scenario is read: stated in the lab, or submitted by an earlier step and
 * not deleted since. A step that names another pod, or submits one that exists, fails at load time.
 */
final class LivePods {

    private final Map<String, Set<String>> submitted = new HashMap<>();
    /** Per tenant, the line of the submit that created each pod key still alive (a duplicate names it). */
    private final Map<String, Map<String, Integer>> createdAt = new HashMap<>();

    LivePods(LabSpec lab) {
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

    /**
     * Records the submit on {@code line} of pod {@code key}.
     *
     * @param podNode         the submit's pod, which a duplicate's error points at
     * @param expectsRejected the step expects phase Rejected: the create is refused and leaves nothing behind
     */
    void submit(ScenarioNode podNode, String tenant, String key, int line, boolean expectsRejected) {
        Map<String, Integer> alive = createdAt.computeIfAbsent(tenant, t -> new HashMap<>());
        Integer first = alive.get(key);
        // the API server answers AlreadyExists and creates nothing: a scenario that does not expect that is wrong
        if (first != null && !expectsRejected) {
            throw podNode.error("pod " + key + " already exists in tenant " + tenant + " ("
                    + (first == 0 ? "stated in the lab" : "submitted on line " + first) + "); the API server would "
                    + "answer AlreadyExists and create nothing: delete it first, choose another name, or expect "
                    + "phase: Rejected");
        }
        submitted.computeIfAbsent(tenant, t -> new HashSet<>()).add(key);
        if (first == null && !expectsRejected) {
            alive.put(key, line); // a create expected to be refused leaves nothing behind
        }
    }

    /** The {@code pod} key of step {@code a}, which an earlier step must have submitted. */
    String known(ScenarioNode a, String tenant) {
        String key = StepReader.podKey(a.get("pod").text());
        if (!submitted.getOrDefault(tenant, Set.of()).contains(key)) {
            throw a.get("pod").error("no earlier step submitted pod " + key + " to tenant " + tenant
                    + " (or it was deleted)");
        }
        return key;
    }

    void deleted(String tenant, String pod) {
        submitted.get(tenant).remove(pod);
        createdAt.get(tenant).remove(pod);
    }
}
