package io.gpulab.engine.lab;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tenant's Kamaji TenantControlPlane ({@code lab.tenants[].controlPlane}, docs/kamaji-model.md): its
 * {@code spec} in Kamaji's own shape with Kamaji's defaults applied. A tenant that states none gets
 * {@link #defaults()}, the control plane every lab had before the Kamaji model: Kubernetes v1.35.0, 2 replicas
 * without requests, a LoadBalancer service, Konnectivity on, the DataStore {@code default}.
 *
 * @param namespace        {@code metadata.namespace} (default {@code default})
 * @param uid              {@code metadata.uid} as stated, or null (gpulab derives one from namespace and name)
 * @param version          {@code spec.kubernetes.version}
 * @param replicas         {@code spec.controlPlane.deployment.replicas} (default 2; 0 is Kamaji's {@code Sleeping})
 * @param requests         per container of the TCP pod, the request kube-scheduler counts (requests, or limits
 *                         when only those are stated); a component absent here requests nothing, Kamaji's default
 * @param strategy         {@code spec.controlPlane.deployment.strategy}
 * @param dataStore        {@code spec.dataStore}, or null for the management cluster's default DataStore
 * @param dataStoreSchema  {@code spec.dataStoreSchema}, or null for Kamaji's default (the TCP's UID)
 * @param serviceType      {@code spec.controlPlane.service.serviceType}
 * @param konnectivity     {@code spec.addons.konnectivity}, or null when the addon is off
 * @param writePermissions {@code spec.writePermissions}
 * @param nodeSelector     {@code spec.controlPlane.deployment.nodeSelector}: management node labels the pods need
 * @param notModelled      the spec's paths gpulab keeps but does not act on (said in warnings and reports)
 */
public record ControlPlaneSpec(String namespace, @Nullable String uid, KubeVersion version, int replicas,
                               Map<String, PodResources> requests, Strategy strategy, @Nullable String dataStore,
                               @Nullable String dataStoreSchema, String serviceType, @Nullable Konnectivity konnectivity,
                               WritePermissions writePermissions, Map<String, String> nodeSelector,
                               List<String> notModelled) {

    public static final String KUBE_APISERVER = "kube-apiserver";
    public static final String KUBE_CONTROLLER_MANAGER = "kube-controller-manager";
    public static final String KUBE_SCHEDULER = "kube-scheduler";
    public static final String KONNECTIVITY_SERVER = "konnectivity-server";
    public static final String KINE = "kine";
    /** The TCP containers whose resources a spec may state, by the spec's own key. */
    public static final Map<String, String> RESOURCE_KEYS = Map.of("apiServer", KUBE_APISERVER,
            "controllerManager", KUBE_CONTROLLER_MANAGER, "scheduler", KUBE_SCHEDULER, "kine", KINE);

    /** The version a lab's control planes ran before a lab could state one. */
    public static final KubeVersion DEFAULT_VERSION = KubeVersion.parse("v1.35.0", "version");
    public static final String SERVICE_LOAD_BALANCER = "LoadBalancer";

    public ControlPlaneSpec {
        requests = Map.copyOf(requests);
        nodeSelector = Map.copyOf(new LinkedHashMap<>(nodeSelector));
        notModelled = List.copyOf(notModelled);
        Names.requireDnsName(namespace, "TenantControlPlane namespace");
        if (replicas < 0) {
            throw new IllegalArgumentException("replicas must be >= 0, got " + replicas);
        }
        if (!List.of("ClusterIP", "NodePort", SERVICE_LOAD_BALANCER).contains(serviceType)) {
            throw new IllegalArgumentException("serviceType must be one of ClusterIP, NodePort, LoadBalancer, got '"
                    + serviceType + "'");
        }
    }

    /** Kamaji's defaults and the lab's earlier control plane (see the type's comment). */
    public static ControlPlaneSpec defaults() {
        return new ControlPlaneSpec("default", null, DEFAULT_VERSION, 2, Map.of(), Strategy.DEFAULT, null, null,
                SERVICE_LOAD_BALANCER, Konnectivity.DEFAULT, WritePermissions.NONE, Map.of(), List.of());
    }

    /** The same control plane at another version (an upgrade). */
    public ControlPlaneSpec withVersion(KubeVersion v) {
        return new ControlPlaneSpec(namespace, uid, v, replicas, requests, strategy, dataStore, dataStoreSchema,
                serviceType, konnectivity, writePermissions, nodeSelector, notModelled);
    }

    /** The same control plane with another replica count (Kamaji's scale subresource). */
    public ControlPlaneSpec withReplicas(int r) {
        return new ControlPlaneSpec(namespace, uid, version, r, requests, strategy, dataStore, dataStoreSchema,
                serviceType, konnectivity, writePermissions, nodeSelector, notModelled);
    }

    /** The same control plane with other write permissions. */
    public ControlPlaneSpec withWritePermissions(WritePermissions w) {
        return new ControlPlaneSpec(namespace, uid, version, replicas, requests, strategy, dataStore, dataStoreSchema,
                serviceType, konnectivity, w, nodeSelector, notModelled);
    }

    /** The request of one TCP container ({@link #KUBE_APISERVER}, ...), none when the spec states none. */
    public PodResources request(String container) {
        return requests.getOrDefault(container, PodResources.NONE);
    }

    /**
     * {@code spec.controlPlane.deployment.strategy}: Kamaji's default is a RollingUpdate with maxSurge 100 % and
     * maxUnavailable 0 (a blue/green rollout); {@code Recreate} removes every old pod first.
     *
     * @param maxSurge       an integer or a percentage, as written
     * @param maxUnavailable an integer or a percentage, as written
     */
    public record Strategy(String type, String maxSurge, String maxUnavailable) {

        public static final String ROLLING_UPDATE = "RollingUpdate";
        public static final String RECREATE = "Recreate";
        public static final Strategy DEFAULT = new Strategy(ROLLING_UPDATE, "100%", "0");

        public Strategy {
            if (!ROLLING_UPDATE.equals(type) && !RECREATE.equals(type)) {
                throw new IllegalArgumentException("strategy.type must be RollingUpdate or Recreate, got '" + type
                        + "'");
            }
            intOrPercent(maxSurge, "maxSurge");
            intOrPercent(maxUnavailable, "maxUnavailable");
            if (ROLLING_UPDATE.equals(type) && isZero(maxSurge) && isZero(maxUnavailable)) {
                // apps/v1 validation: ValidateRollingUpdateDeployment
                throw new IllegalArgumentException("strategy.rollingUpdate.maxUnavailable: may not be 0 when "
                        + "maxSurge is 0");
            }
        }

        /** Pods above {@code replicas} a rollout may add: a percentage rounds up, as the Deployment controller does. */
        public int surge(int replicas) {
            return resolve(maxSurge, replicas, true);
        }

        /** Pods below {@code replicas} a rollout may remove: a percentage rounds down. */
        public int unavailable(int replicas) {
            int u = resolve(maxUnavailable, replicas, false);
            // the Deployment controller keeps one pod available when both resolve to 0 (ResolveFenceposts)
            return u == 0 && surge(replicas) == 0 ? 1 : u;
        }

        private static int resolve(String v, int replicas, boolean up) {
            if (v.endsWith("%")) {
                long pct = Long.parseLong(v.substring(0, v.length() - 1));
                long scaled = pct * replicas;
                return (int) (up ? (scaled + 99) / 100 : scaled / 100);
            }
            return Integer.parseInt(v);
        }

        private static boolean isZero(String v) {
            return "0".equals(v) || "0%".equals(v);
        }

        private static void intOrPercent(String v, String field) {
            if (!v.matches("\\d{1,9}%?")) {
                throw new IllegalArgumentException("strategy.rollingUpdate." + field + ": an integer or a percentage, "
                        + "got '" + v + "'");
            }
        }
    }

    /**
     * {@code spec.addons.konnectivity}: the server sidecar in every TCP pod and the agents on the tenant's workers.
     *
     * @param agentMode     {@code DaemonSet} (one agent per worker) or {@code Deployment}
     * @param agentReplicas the agents of a {@code Deployment} (unset there is 1, the Deployment's default), 0 for a
     *                      DaemonSet (Kamaji's CEL rule)
     */
    public record Konnectivity(int serverPort, String agentMode, int agentReplicas) {

        public static final Konnectivity DEFAULT = new Konnectivity(8132, "DaemonSet", 0);

        public Konnectivity {
            if (!"DaemonSet".equals(agentMode) && !"Deployment".equals(agentMode)) {
                throw new IllegalArgumentException("agent.mode must be DaemonSet or Deployment, got '" + agentMode
                        + "'");
            }
            if ("DaemonSet".equals(agentMode) && agentReplicas != 0 || "Deployment".equals(agentMode)
                    && agentReplicas < 1) {
                // the CRD's CEL rule, verbatim
                throw new IllegalArgumentException("agent: replicas must be 0 (or unset) when mode is DaemonSet, and "
                        + "greater than 0 (or unset) when mode is Deployment");
            }
        }
    }

    /** {@code spec.writePermissions}: any flag set makes Kamaji report {@code WriteLimited}. */
    public record WritePermissions(boolean blockCreation, boolean blockUpdate, boolean blockDeletion) {

        public static final WritePermissions NONE = new WritePermissions(false, false, false);

        public boolean any() {
            return blockCreation || blockUpdate || blockDeletion;
        }

        /** {@code blockCreation, blockDeletion} (the flags set), or {@code none}. */
        public String text() {
            List<String> on = new java.util.ArrayList<>();
            if (blockCreation) {
                on.add("blockCreation");
            }
            if (blockUpdate) {
                on.add("blockUpdate");
            }
            if (blockDeletion) {
                on.add("blockDeletion");
            }
            return on.isEmpty() ? "none" : String.join(", ", on);
        }
    }
}
