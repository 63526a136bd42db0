package io.gpulab.engine.lab;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The management cluster ({@code lab.management}, docs/kamaji-model.md): its nodes, which run the tenants'
 * control-plane pods and the DataStores' members, and the DataStores. A lab that states none has
 * {@link #defaults()}: the article's lab, one kind node ({@code kamaji-control-plane}, 4 CPU, 8 GiB) holding the
 * Kamaji chart's DataStore {@code default} (kamaji-etcd, three members).
 *
 * @param dataStores the first is the default one (Kamaji's {@code --datastore}) for tenants that name none
 */
public record ManagementSpec(String name, List<ManagementNodeSpec> nodes, List<DataStoreSpec> dataStores) {

    public ManagementSpec {
        nodes = List.copyOf(nodes);
        dataStores = List.copyOf(dataStores);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("lab.management.nodes: a management cluster needs at least one node");
        }
        if (dataStores.isEmpty()) {
            throw new IllegalArgumentException("lab.management.dataStores: a management cluster needs at least one "
                    + "DataStore");
        }
        Set<String> seen = new HashSet<>();
        for (ManagementNodeSpec n : nodes) {
            if (!seen.add(n.name())) {
                throw new IllegalArgumentException("lab.management.nodes: duplicate node name '" + n.name() + "'");
            }
        }
        Set<String> stores = new HashSet<>();
        for (DataStoreSpec d : dataStores) {
            if (!stores.add(d.name())) {
                throw new IllegalArgumentException("lab.management.dataStores: duplicate DataStore name '" + d.name()
                        + "'");
            }
        }
    }

    /** See the type's comment. */
    public static ManagementSpec defaults() {
        return new ManagementSpec("kamaji", List.of(new ManagementNodeSpec("kamaji-control-plane", 4, 8192)),
                List.of(DataStoreSpec.etcd(DataStoreSpec.DEFAULT_NAME, 3)));
    }

    /** The DataStore a tenant uses: the one it names, or the default (the first). */
    public DataStoreSpec dataStoreOf(ControlPlaneSpec cp) {
        String want = cp.dataStore();
        if (want == null) {
            return dataStores.get(0);
        }
        return dataStores.stream().filter(d -> d.name().equals(want)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("spec.dataStore: no DataStore '" + want + "' (DataStores: " + String.join(
                        ", ", dataStores.stream().map(DataStoreSpec::name).toList()) + ")"));
    }
}
