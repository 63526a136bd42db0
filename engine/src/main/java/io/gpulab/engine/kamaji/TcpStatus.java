package io.gpulab.engine.kamaji;

/**
 * {@code status.kubernetesResources.version.status} of a TenantControlPlane as Kamaji computes it from its Deployment
 * ({@code KubernetesDeploymentResource.computeStatus}, Kamaji HEAD ddbabd87), the cases in Kamaji's order:
 * <ol>
 * <li>{@code spec.controlPlane.deployment.replicas} is 0: {@value #SLEEPING};</li>
 * <li>no ready replica: {@value #NOT_READY};</li>
 * <li>any {@code writePermissions} flag: {@value #WRITE_LIMITED};</li>
 * <li>the Deployment is not progressing (generation observed, nothing unavailable, updated = ready = replicas =
 * desired): {@value #READY};</li>
 * <li>an installed version that differs from {@code spec.kubernetes.version} while the rollout progresses:
 * {@value #UPGRADING};</li>
 * <li>no installed version yet: {@value #PROVISIONING};</li>
 * <li>otherwise {@value #UNKNOWN}, e.g. a lost replica being replaced at the installed version.</li>
 * </ol>
 * {@value #MIGRATING} is written by Kamaji's DataStore migration instead of this computation; {@code Ready} and
 * {@code Sleeping} record {@code spec.kubernetes.version} as the installed version.
 */
public final class TcpStatus {

    public static final String PROVISIONING = "Provisioning";
    public static final String NOT_READY = "NotReady";
    public static final String READY = "Ready";
    public static final String SLEEPING = "Sleeping";
    public static final String WRITE_LIMITED = "WriteLimited";
    public static final String UPGRADING = "Upgrading";
    public static final String MIGRATING = "Migrating";
    public static final String UNKNOWN = "Unknown";

    private TcpStatus() {
    }

    /**
     * What Kamaji reads.
     *
     * @param specReplicas       {@code spec.controlPlane.deployment.replicas}
     * @param replicas           the Deployment's {@code status.replicas} (pods of every ReplicaSet)
     * @param updatedReplicas    pods of the current template
     * @param readyReplicas      ready pods
     * @param unavailableReplicas desired pods not available
     * @param generationObserved whether the Deployment's controller has observed its latest spec
     * @param writeLimited       any {@code spec.writePermissions} flag
     * @param installedVersion   {@code status.kubernetesResources.version.version}, empty before the first Ready
     * @param specVersion        {@code spec.kubernetes.version}
     * @param migrating          a DataStore migration is running (Kamaji's migrate job writes {@code Migrating})
     */
    public record Input(int specReplicas, int replicas, int updatedReplicas, int readyReplicas, int unavailableReplicas,
                        boolean generationObserved, boolean writeLimited, String installedVersion, String specVersion,
                        boolean migrating) { }

    /** The status and the installed version Kamaji records with it. */
    public record Result(String status, String installedVersion) { }

    public static Result compute(Input in) {
        if (in.migrating()) {
            return new Result(MIGRATING, in.installedVersion());
        }
        if (in.specReplicas() == 0) {
            return new Result(SLEEPING, in.specVersion());
        }
        if (in.readyReplicas() == 0) {
            return new Result(NOT_READY, in.installedVersion());
        }
        if (in.writeLimited()) {
            return new Result(WRITE_LIMITED, in.installedVersion());
        }
        boolean progressing = !in.generationObserved() || in.unavailableReplicas() > 0
                || in.updatedReplicas() != in.readyReplicas() || in.readyReplicas() != in.replicas()
                || in.replicas() != in.specReplicas();
        if (!progressing) {
            return new Result(READY, in.specVersion());
        }
        if (!in.installedVersion().isEmpty() && !in.installedVersion().equals(in.specVersion())) {
            return new Result(UPGRADING, in.installedVersion());
        }
        if (in.installedVersion().isEmpty()) {
            return new Result(PROVISIONING, in.installedVersion());
        }
        return new Result(UNKNOWN, in.installedVersion());
    }
}
