package io.gpulab.engine.api;

import java.util.List;

/**
 * The management cluster.
 *
 * @param kamajiReady   whether the Kamaji controller is running
 * @param datastore     the shared DataStore, e.g. {@code kamaji-etcd}, with its driver
 * @param datastoreDriver e.g. {@code etcd}
 * @param metallbPool   MetalLB address pool, e.g. {@code 172.18.255.200-172.18.255.250}
 * @param warnings      anything read from a real cluster that could not be decoded
 */
public record ManagementView(String name, boolean kamajiReady, String datastore, String datastoreDriver,
                             String metallbPool, List<String> warnings) {

    public ManagementView {
        warnings = List.copyOf(warnings);
    }
}
