package io.gpulab.engine.lab;

import java.util.List;

/**
 * A Kamaji DataStore ({@code lab.management.dataStores[]}): where tenants' control planes keep their objects, one
 * key prefix (etcd) or database (SQL) per tenant.
 *
 * @param name      the DataStore's name (cluster-scoped), e.g. {@code default}
 * @param driver    {@code etcd}, {@code MySQL}, {@code PostgreSQL} or {@code NATS}
 * @param members   the servers behind it, in order; an etcd DataStore answers while a majority of them does (its
 *                  quorum), any other driver is modelled as one server
 * @param endpoints {@code spec.endpoints}, {@code host:port}
 */
public record DataStoreSpec(String name, String driver, List<Member> members, List<String> endpoints) {

    public static final String ETCD = "etcd";
    public static final List<String> DRIVERS = List.of(ETCD, "MySQL", "PostgreSQL", "NATS");
    /** The DataStore the Kamaji chart installs (kamaji-etcd with {@code datastore.name: default}). */
    public static final String DEFAULT_NAME = "default";

    public DataStoreSpec {
        members = List.copyOf(members);
        endpoints = List.copyOf(endpoints);
        Names.requireDnsName(name, "DataStore name");
        if (!DRIVERS.contains(driver)) {
            throw new IllegalArgumentException("DataStore " + name + ": driver must be one of " + String.join(", ",
                    DRIVERS) + ", got '" + driver + "'");
        }
        if (members.isEmpty()) {
            throw new IllegalArgumentException("DataStore " + name + ": needs at least one member");
        }
        if (!ETCD.equals(driver) && members.size() != 1) {
            throw new IllegalArgumentException("DataStore " + name + ": gpulab models a " + driver + " DataStore as "
                    + "one server (members: 1), got " + members.size());
        }
    }

    /**
     * One server: an etcd member, or the SQL/NATS server.
     *
     * @param name    e.g. {@code kamaji-etcd-0}
     * @param inCluster whether it runs as a pod of the management cluster (then on a management node); false for a
     *                  server outside it (an endpoint that is not a {@code .svc} name)
     */
    public record Member(String name, boolean inCluster) { }

    /** Whether kube-apiserver reaches it through a kine sidecar (every driver but etcd). */
    public boolean kine() {
        return !ETCD.equals(driver);
    }

    /** Members that must answer for the DataStore to answer: a majority for etcd, the one server otherwise. */
    public int quorum() {
        return members.size() / 2 + 1;
    }

    /**
     * An etcd DataStore as the kamaji-etcd chart installs it: a StatefulSet of {@code members} pods in
     * {@code kamaji-system}, reached at its headless service ({@code <sts>-<i>.<sts>.kamaji-system.svc.cluster.local:2379}).
     * The chart's DataStore {@code default} is served by the StatefulSet {@code kamaji-etcd}; any other by one of its
     * own name.
     */
    public static DataStoreSpec etcd(String name, int members) {
        if (members < 1) {
            throw new IllegalArgumentException("DataStore " + name + ": members must be >= 1, got " + members);
        }
        String sts = DEFAULT_NAME.equals(name) ? "kamaji-etcd" : name;
        List<Member> ms = new java.util.ArrayList<>();
        List<String> eps = new java.util.ArrayList<>();
        for (int i = 0; i < members; i++) {
            ms.add(new Member(sts + "-" + i, true));
            eps.add(sts + "-" + i + "." + sts + ".kamaji-system.svc.cluster.local:2379");
        }
        return new DataStoreSpec(name, ETCD, ms, eps);
    }
}
