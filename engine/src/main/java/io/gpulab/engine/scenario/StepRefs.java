package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.sim.RegisteredCards;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The lab's names a step may refer to (tenants, workers, cards, DataStores), each resolved at load time with an
 * error that lists the names the lab has.
 */
final class StepRefs {

    private final LabSpec lab;
    private final Set<String> tenantNames;
    private final Map<String, Map<String, List<RegisteredCards.Card>>> registeredCards = new HashMap<>();

    StepRefs(LabSpec lab) {
        this.lab = lab;
        this.tenantNames = lab.tenants().stream().map(TenantSpec::name).collect(Collectors.toSet());
    }

    LabSpec lab() {
        return lab;
    }

    String tenant(ScenarioNode a) {
        String name = a.get("tenant").text();
        if (!tenantNames.contains(name)) {
            throw a.get("tenant").error("unknown tenant '" + name + "' (lab tenants: " + String.join(", ",
                    lab.tenants().stream().map(TenantSpec::name).toList()) + ")");
        }
        return name;
    }

    /** The {@code node} key, or the tenant's only worker when absent. */
    String node(ScenarioNode a, String tenant) {
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

    String dataStore(ScenarioNode a) {
        String name = a.get("dataStore").text();
        List<String> names = lab.management().dataStores().stream().map(io.gpulab.engine.lab.DataStoreSpec::name)
                .toList();
        if (!names.contains(name)) {
            throw a.get("dataStore").error("no DataStore '" + name + "' (DataStores: " + String.join(", ", names) + ")");
        }
        return name;
    }

    private TenantSpec tenantSpec(String tenant) {
        return lab.tenants().stream().filter(t -> t.name().equals(tenant)).findFirst().orElseThrow();
    }

    /** The cards each worker of the tenant registers, as the simulated lab registers them (read once). */
    Map<String, List<RegisteredCards.Card>> registered(ScenarioNode step, String tenant) {
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
}
