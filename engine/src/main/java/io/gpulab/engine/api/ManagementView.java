package io.gpulab.engine.api;

import java.util.List;
import java.util.Map;

/**
 * The management cluster.
 *
 * @param kamajiReady     whether the Kamaji controller is running
 * @param datastore       the default DataStore's name, e.g. {@code default}
 * @param datastoreDriver its driver, e.g. {@code etcd}
 * @param metallbPool     MetalLB address pool, e.g. {@code 172.18.255.200-172.18.255.250}
 * @param warnings        anything read from a real cluster that could not be decoded
 * @param nodes           its nodes with the pods they run (empty when not known)
 * @param dataStores      every DataStore with its members and the tenants using it (empty when not known)
 */
public record ManagementView(String name, boolean kamajiReady, String datastore, String datastoreDriver,
                             String metallbPool, List<String> warnings, List<NodeView> nodes,
                             List<DataStoreView> dataStores) {

    public ManagementView {
        warnings = List.copyOf(warnings);
        nodes = List.copyOf(nodes);
        dataStores = List.copyOf(dataStores);
    }

    /** A management cluster known only by its default DataStore. */
    public ManagementView(String name, boolean kamajiReady, String datastore, String datastoreDriver,
                          String metallbPool, List<String> warnings) {
        this(name, kamajiReady, datastore, datastoreDriver, metallbPool, warnings, List.of(), List.of());
    }

    /**
     * A management node.
     *
     * @param state              {@code Ready}, {@code SchedulingDisabled} (drained) or {@code NotReady} (lost)
     * @param cpuRequestedMilli  what the pods bound here request
     * @param pods               the pods bound here: TenantControlPlane pods and DataStore members
     */
    public record NodeView(String name, int cpu, int memoryMiB, String zone, String state, long cpuRequestedMilli,
                           long memoryRequestedMiB, List<String> pods) {
        public NodeView {
            pods = List.copyOf(pods);
        }
    }

    /**
     * A Kamaji DataStore.
     *
     * @param ready    {@code status.ready}: whether it answers (an etcd DataStore while a majority of its members is up)
     * @param quorum   members that must be up for it to answer
     * @param usedBy   {@code status.usedBy}: {@code namespace/name} of each TenantControlPlane using it
     * @param prefixes per tenant, its key prefix ({@code /<schema>/}) or database
     * @param error    what kube-apiserver reads from it while it does not answer, else empty
     */
    public record DataStoreView(String name, String driver, List<MemberView> members, int quorum, boolean ready,
                                List<String> usedBy, Map<String, String> prefixes, String error) {
        public DataStoreView {
            members = List.copyOf(members);
            usedBy = List.copyOf(usedBy);
            prefixes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(prefixes));
        }

        public long healthy() {
            return members.stream().filter(MemberView::up).count();
        }
    }

    /**
     * One DataStore member (an etcd member pod, or the SQL/NATS server).
     *
     * @param node the management node it runs on; empty for a server outside the management cluster
     */
    public record MemberView(String name, String node, boolean up) { }
}
