package io.gpulab.engine.api;

import java.util.List;

/**
 * A Kamaji TenantControlPlane as Kamaji reports it (docs/kamaji-model.md).
 *
 * @param phase            {@code status.kubernetesResources.version.status}: {@code Provisioning}, {@code NotReady},
 *                         {@code Ready}, {@code Sleeping}, {@code WriteLimited}, {@code Upgrading}, {@code Migrating},
 *                         {@code Unknown}
 * @param version          {@code spec.kubernetes.version}
 * @param endpoint         {@code status.controlPlaneEndpoint} (MetalLB LoadBalancer IP and port)
 * @param components       the containers of its pods and whether a ready pod runs them (kube-apiserver,
 *                         kube-scheduler, kube-controller-manager, konnectivity-server, kine)
 * @param dataStoreSchema  the tenant's key prefix (etcd) or database (SQL) in its DataStore
 * @param installedVersion {@code status.kubernetesResources.version.version}, empty before the first Ready
 * @param replicas         {@code spec.controlPlane.deployment.replicas}
 * @param readyReplicas    the Deployment's ready pods
 * @param updatedReplicas  the Deployment's pods of the current template (version)
 * @param dataStore        {@code status.storage.dataStoreName}
 * @param apiError         what a client reads from the tenant's API server now, empty while it answers
 * @param writePermissions {@code spec.writePermissions} flags set, or {@code none}
 * @param pods             the Deployment's pods in the management cluster
 * @param effects          what the tenant sees of its control plane's state now, one sentence each (empty when
 *                         nothing is wrong)
 * @param kubelets         the tenant's workers' kubelets against Kubernetes' version-skew policy
 * @param apiObserved      how {@code apiError} is known on a real backend: what gpulab asked the tenant's API server
 *                         and when (e.g. {@code GET /version and GET /api/v1/namespaces/kube-system answered at
 *                         2026-12-04T18:40:12Z}), or {@code not observed: } and why; empty in the simulation, whose
 *                         API server is modelled
 * @param faults           this control plane's own faults in effect, as their scenario steps name them
 *                         ({@code dataStoreAccess: revoked}, {@code kube-scheduler: down}); empty on a real cluster
 */
public record ControlPlaneView(String name, String namespace, String phase, String version, String endpoint,
                               List<ComponentView> components, String dataStoreSchema, String installedVersion,
                               int replicas, int readyReplicas, int updatedReplicas, String dataStore, String apiError,
                               String writePermissions, List<TcpPodView> pods, List<String> effects,
                               List<KubeletView> kubelets, String apiObserved, List<String> faults) {

    /** The prefix of {@link #apiObserved} when gpulab could not ask the tenant's API server. */
    public static final String NOT_OBSERVED = "not observed";

    public ControlPlaneView {
        faults = List.copyOf(faults);
        components = List.copyOf(components);
        pods = List.copyOf(pods);
        effects = List.copyOf(effects);
        kubelets = List.copyOf(kubelets);
    }

    /** A control plane whose API server's answer is modelled (the simulation). */
    public ControlPlaneView(String name, String namespace, String phase, String version, String endpoint,
                            List<ComponentView> components, String dataStoreSchema, String installedVersion,
                            int replicas, int readyReplicas, int updatedReplicas, String dataStore, String apiError,
                            String writePermissions, List<TcpPodView> pods, List<String> effects,
                            List<KubeletView> kubelets) {
        this(name, namespace, phase, version, endpoint, components, dataStoreSchema, installedVersion, replicas,
                readyReplicas, updatedReplicas, dataStore, apiError, writePermissions, pods, effects, kubelets, "",
                List.of());
    }

    /** A control plane read from a real backend: no fault of its own is known to gpulab. */
    public ControlPlaneView(String name, String namespace, String phase, String version, String endpoint,
                            List<ComponentView> components, String dataStoreSchema, String installedVersion,
                            int replicas, int readyReplicas, int updatedReplicas, String dataStore, String apiError,
                            String writePermissions, List<TcpPodView> pods, List<String> effects,
                            List<KubeletView> kubelets, String apiObserved) {
        this(name, namespace, phase, version, endpoint, components, dataStoreSchema, installedVersion, replicas,
                readyReplicas, updatedReplicas, dataStore, apiError, writePermissions, pods, effects, kubelets,
                apiObserved, List.of());
    }

    /** Whether {@code fault} (e.g. {@code kube-scheduler: down}) is in effect. */
    public boolean has(String fault) {
        return faults.contains(fault);
    }

    /** A control plane known only by its status (a real cluster's TCP read without its pods). */
    public ControlPlaneView(String name, String namespace, String phase, String version, String endpoint,
                            List<ComponentView> components, String dataStoreSchema) {
        this(name, namespace, phase, version, endpoint, components, dataStoreSchema, version, 0, 0, 0, "", "",
                "none", List.of(), List.of(), List.of(), NOT_OBSERVED + ": its API server was not asked");
    }

    /** One control-plane container or sidecar. */
    public record ComponentView(String name, boolean ready) { }

    /**
     * One pod of the control plane's Deployment.
     *
     * @param node    the management node it is bound to, empty while Pending
     * @param phase   {@code Pending}, {@code Running} or {@code Terminating}
     * @param version the Kubernetes version of its template
     * @param message why it is not ready: kube-scheduler's {@code FailedScheduling} text, a start not finished, a
     *                failing readiness probe; empty when ready
     */
    public record TcpPodView(String name, String node, String phase, boolean ready, String version, String message) { }

    /**
     * A worker's kubelet.
     *
     * @param violation why it breaks the version-skew policy against the API servers running now, empty when it
     *                  holds
     * @param unchecked why the policy could not be checked (a version that is not one, no API server version
     *                  read), empty when it was: such a kubelet is neither supported nor unsupported
     */
    public record KubeletView(String node, String version, String violation,
                              @com.fasterxml.jackson.annotation.JsonInclude(
                                      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                              String unchecked) {

        /** A kubelet checked against the policy. */
        public KubeletView(String node, String version, String violation) {
            this(node, version, violation, "");
        }

        /** Whether the policy was checked. */
        public boolean checked() {
            return unchecked.isEmpty();
        }

        /** Checked and within the policy. */
        public boolean supported() {
            return checked() && violation.isEmpty();
        }
    }

    /** Whether the tenant's API server's answer is known (modelled, or observed on a real backend). */
    public boolean apiKnown() {
        return !apiObserved.startsWith(NOT_OBSERVED);
    }

    /**
     * Kamaji's status with the truth a reader of the word needs: a control plane whose pods are ready may still refuse
     * every read and write (its DataStore without quorum, its etcd role revoked: for up to 30 s Kamaji reads Ready),
     * so the client's text follows the status whenever the API server does not serve ({@code Ready; its API server
     * refuses reads and writes: Error from server: etcdserver: request timed out}).
     */
    public String statusInWords() {
        return phase + apiInWords();
    }

    /** What follows the status in {@link #statusInWords}: empty while the API server serves (or is not observed). */
    public String apiInWords() {
        if (!apiKnown() || apiError.isEmpty()) {
            return "";
        }
        return (readyReplicas > 0 ? "; its API server refuses reads and writes: " : "; a client reads: ") + apiError;
    }

    /** Ready as Kamaji computes it, while its API server refuses reads and writes (pods ready, storage failing). */
    public boolean readyButRefusing() {
        return "Ready".equals(phase) && apiKnown() && !apiError.isEmpty();
    }

    /** Whether the tenant's API server answers requests now: known, and no error read. */
    public boolean serving() {
        return apiKnown() && apiError.isEmpty();
    }
}
