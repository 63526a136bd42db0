package io.gpulab.engine.kind;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code gpulab kind up} builds.
 *
 * @param lab           lab name: container-name prefix and the value of the {@link KindLabels#LAB} label
 * @param apiServerPort host port (127.0.0.1) published for the management API server
 * @param kubeconfigOut where the management kubeconfig is written for the hand-over to the cluster backend
 */
public record KindLabConfig(String lab, int apiServerPort, List<Tenant> tenants, Path kubeconfigOut) {

    public KindLabConfig {
        tenants = List.copyOf(tenants);
        if (!lab.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
            throw new KindException("lab name '" + lab + "' must be a DNS label (lower case, digits, '-')");
        }
    }

    /**
     * One tenant: a TenantControlPlane and its worker containers.
     *
     * @param controlPlane the scenario's {@code controlPlane}, from which the TCP manifest is generated ({@link TcpManifest})
     */
    public record Tenant(String name, List<Worker> workers, io.gpulab.engine.lab.ControlPlaneSpec controlPlane) {
        public Tenant {
            workers = List.copyOf(workers);
        }

        /** A tenant with Kamaji's defaults and the lab's earlier control plane ({@code ControlPlaneSpec.defaults()}). */
        public Tenant(String name, List<Worker> workers) {
            this(name, workers, io.gpulab.engine.lab.ControlPlaneSpec.defaults());
        }
    }

    /**
     * One worker container with its mock cards.
     *
     * @param registerAnnotation the {@code hami.io/node-nvidia-register} value (scheduler/'s encoder)
     * @param gpuSlots           {@code nvidia.com/gpu} capacity: cards x deviceSplitCount
     */
    public record Worker(String name, String registerAnnotation, int gpuSlots) { }

    public String controlPlane() {
        return lab + "-control-plane";
    }

    /** The lab's own Docker network (kind itself shares one named {@code kind}; labs here do not). */
    public String network() {
        return lab;
    }
}
