package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.lab.PodResources;

import java.util.ArrayList;
import java.util.List;

/**
 * The pod of a TenantControlPlane's Deployment as Kamaji builds it ({@code internal/builders/controlplane}):
 * containers {@code kube-apiserver}, {@code kube-scheduler}, {@code kube-controller-manager}, then
 * {@code konnectivity-server} when the addon is on and {@code kine} when the DataStore is not etcd. Each requests
 * what the spec states for it, nothing otherwise (Kamaji sets no default resources).
 *
 * @param containers in Kamaji's order
 */
public record TcpPodTemplate(List<Container> containers) {

    public TcpPodTemplate {
        containers = List.copyOf(containers);
    }

    /** One container and what kube-scheduler counts for it. */
    public record Container(String name, PodResources request) { }

    public static TcpPodTemplate of(ControlPlaneSpec cp, DataStoreSpec ds) {
        List<Container> out = new ArrayList<>();
        for (String c : List.of(ControlPlaneSpec.KUBE_APISERVER, ControlPlaneSpec.KUBE_SCHEDULER,
                ControlPlaneSpec.KUBE_CONTROLLER_MANAGER)) {
            out.add(new Container(c, cp.request(c)));
        }
        if (cp.konnectivity() != null) {
            out.add(new Container(ControlPlaneSpec.KONNECTIVITY_SERVER, cp.request(ControlPlaneSpec.KONNECTIVITY_SERVER)));
        }
        if (ds.kine()) {
            out.add(new Container(ControlPlaneSpec.KINE, cp.request(ControlPlaneSpec.KINE)));
        }
        return new TcpPodTemplate(out);
    }

    /** The pod's request: its containers' summed (Kamaji's pods have no init container that requests more). */
    public PodResources request() {
        PodResources sum = PodResources.NONE;
        for (Container c : containers) {
            sum = sum.plus(c.request());
        }
        return sum;
    }

    public List<String> names() {
        return containers.stream().map(Container::name).toList();
    }
}
