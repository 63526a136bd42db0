package io.gpulab.engine.api;

import io.gpulab.scheduler.filter.Reasons;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every reason code a pod can carry here, with what causes it and how to fix it: HAMi's card and node
 * reasons, kube-scheduler's and the kubelet's, and the API server's status reasons for a refused
 * create. A scenario's {@code reason:} must name one of them exactly (a typo is a scenario error, not a
 * check that silently passes); the workbench shows the cause and fix on a reason badge's tooltip, and
 * docs/reasons.md lists the same table.
 */
public final class ReasonCodes {

    /** kube-scheduler's TaintToleration text for a worker tainted unreachable (its kubelet down). */
    public static final String UNREACHABLE = "node(s) had untolerated taint {node.kubernetes.io/unreachable: }";

    /** Who sets the code. */
    public enum Source { HAMI, KUBE_SCHEDULER, KUBELET, API_SERVER }

    /**
     * One code.
     *
     * @param code  the exact string, e.g. {@code CardInsufficientCore}
     * @param cause what makes a pod carry it
     * @param fix   what to change so the pod is placed
     */
    public record Reason(String code, Source source, String cause, String fix) { }

    private static final Map<String, Reason> ALL = new LinkedHashMap<>();

    static {
        hami(Reasons.CARD_INSUFFICIENT_MEMORY, "the card's free memory (total minus what HAMi booked) is below the "
                + "container's nvidia.com/gpumem (or gpumem-percentage of the card)",
                "ask for less memory, delete a pod on that card, or add a worker with a larger card");
        hami(Reasons.CARD_INSUFFICIENT_CORE, "the card's free compute (100 per card minus booked gpucores) is below "
                + "the container's nvidia.com/gpucores", "ask for fewer gpucores, delete a pod on that card, or add "
                + "a card");
        hami(Reasons.CARD_TIME_SLICING_EXHAUSTED, "every sharing slot of the card is taken (deviceSplitCount pods "
                + "already share it)", "raise deviceSplitCount, delete a pod on the card, or add a card");
        hami(Reasons.CARD_COMPUTE_UNITS_EXHAUSTED, "the card's compute is fully booked and the container asked "
                + "for no gpucores", "give the container a gpucores share or free compute on the card");
        hami(Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT, "the container wants the card alone (gpucores 100, or the "
                + "mutex policy) but another pod already uses it", "pick a free card, or share it with gpucores "
                + "below 100");
        hami(Reasons.CARD_NOT_HEALTH, "the device plugin reports the card unhealthy", "repair or replace the card; "
                + "in the lab clear the card fault");
        hami(Reasons.CARD_CORDONED, "the card's UUID is listed in the node annotation hami.io/device-cordon",
                "remove the UUID from hami.io/device-cordon");
        hami(Reasons.CARD_TYPE_MISMATCH, "nvidia.com/use-gputype, nouse-gputype or vgpu-mode excludes the card's "
                + "type", "correct the pod's type annotations or add a card of the wanted type");
        hami(Reasons.CARD_UUID_MISMATCH, "nvidia.com/use-gpuuuid or nouse-gpuuuid excludes the card's UUID",
                "correct the pod's UUID annotations");
        hami(Reasons.NUMA_NOT_FIT, "nvidia.com/numa-bind is set and no NUMA node has enough suitable cards",
                "drop numa-bind or ask for fewer cards");
        hami(Reasons.RESOURCE_QUOTA_NOT_FIT, "the namespace's ResourceQuota on GPU memory or cores would be "
                + "exceeded", "raise the quota or lower the request");
        hami(Reasons.CARD_NOT_FOUND_CUSTOM_FILTER_RULE, "a vendor-specific rule found no card for the request",
                "check the device type's own requirements");
        hami(Reasons.CARD_MIG_TOPOLOGY_INFEASIBLE, "no free MIG slice with enough memory is left on the card",
                "ask for less memory or free a slice");
        hami(Reasons.NODE_INSUFFICIENT_DEVICE, "the container asks for more cards (nvidia.com/gpu) than the node "
                + "has of that type", "ask for fewer cards or add a worker with more cards");
        hami(Reasons.ALLOCATED_CARDS_INSUFFICIENT_REQUEST, "some cards fit but fewer than nvidia.com/gpu asks for",
                "ask for fewer cards, free cards on one node, or add cards");
        hami(Reasons.NODE_UNFIT_POD, "HAMi v2.7-v2.9 reported every failed node with this one word; details were "
                + "only in HAMi's events", "read HAMi's FilteringFailed events, or upgrade to v2.10");
        hami(Reasons.NODE_FIT_POD, "HAMi's counterpart of NodeUnfitPod for a node that fits (informational)",
                "nothing to fix");
        hami(Reasons.MODE_NOT_FIT, "the card's mode does not match the request (not used by NVIDIA cards)",
                "check the device mode annotations");
        hami(Reasons.NODE_UNREGISTERED, "the node has no HAMi device registration (the device plugin has not "
                + "annotated it)", "check that the HAMi device plugin runs on the node");
        hami("BindingFailed", "HAMi chose a node but could not bind: the node lock (hami.io/mutex.lock) is held by "
                + "another pod's bind", "wait for the lock to be released or expire (nodeLockExpire), or unlock "
                + "the node by hand");
        hami("Allocating", "bound by HAMi, waiting for the device plugin to finish Allocate (hami.io/bind-phase: "
                + "allocating)", "check the device plugin on the node");
        add("Unschedulable", Source.KUBE_SCHEDULER, "no node passes kube-scheduler's filters (for a HAMi pod: "
                + "HAMi's filter rejected every node; the message counts the per-node reasons)",
                "read the per-node reasons (failedNodes) and fix the most common one");
        add("Insufficient cpu", Source.KUBE_SCHEDULER, "kube-scheduler's NodeResourcesFit: the pod's CPU request "
                + "exceeds the worker's allocatable CPU minus what the pods bound there request (checked before HAMi "
                + "sees the node)", "lower the CPU request, delete pods on the worker, or add workers with more CPU");
        add("Insufficient memory", Source.KUBE_SCHEDULER, "kube-scheduler's NodeResourcesFit: the pod's memory "
                + "request exceeds the worker's allocatable memory minus what the pods bound there request",
                "lower the memory request, delete pods on the worker, or add workers with more memory");
        add("Too many pods", Source.KUBE_SCHEDULER, "kube-scheduler's NodeResourcesFit: the worker already runs "
                + "the kubelet's maximum of 110 pods", "spread pods over more workers");
        add(UNREACHABLE, Source.KUBE_SCHEDULER, "kube-scheduler's TaintToleration: the worker's kubelet stopped "
                + "posting status, so kube-controller-manager marked it Ready=Unknown and tainted it "
                + "node.kubernetes.io/unreachable:NoSchedule (checked before NodeResourcesFit and HAMi)",
                "bring the worker's kubelet back (the taint is removed once it posts status), or add workers");
        add("SchedulerError", Source.KUBE_SCHEDULER, "the scheduler extender (HAMi) answered with an error, "
                + "e.g. an invalid hami.io/device-scoring-weights annotation", "correct the annotation the "
                + "message names");
        add("UnexpectedAdmissionError", Source.KUBELET, "the device plugin's Allocate failed on the node, so the "
                + "kubelet refused to start the pod", "restart the device plugin and resubmit the pod");
        add("InternalError", Source.API_SERVER, "the create was refused at admission, e.g. HAMi's webhook "
                + "unreachable through Konnectivity with failurePolicy Fail", "bring the tenant's Konnectivity "
                + "agents back, or read the webhook's error in the message");
        add("Forbidden", Source.API_SERVER, "an admission webhook denied the create: HAMi's (vgpu.hami.io) when the "
                + "pod would exceed its namespace's GPU ResourceQuota, names its node (spec.nodeName) or has no "
                + "containers; or Kamaji's write-permissions webhook (catchall.write-permissions.kamaji.clastix.io), also for a "
                + "delete, while the TenantControlPlane's spec.writePermissions blocks it and its status is "
                + "WriteLimited", "HAMi's denial: raise the quota or lower the request, or correct the pod as the "
                + "message says; Kamaji's: clear the writePermissions flag on the TenantControlPlane");
        add("ConnectionRefused", Source.API_SERVER, "no API server answered: none of the TenantControlPlane's "
                + "kube-apiserver pods is ready (lost, not yet rescheduled, or failing its readiness probe because its "
                + "DataStore has no quorum), so its Service has no endpoints; kubectl prints 'The connection to the "
                + "server ... was refused' and Kubernetes gives no Status reason (this code is gpulab's)",
                "bring the control plane's pods back: give the management cluster room to schedule them, or heal "
                + "the DataStore");
        add("DataStoreUnavailable", Source.API_SERVER, "the API server answered, but its DataStore did not: fewer "
                + "than a quorum of etcd members are up; with one up kubectl prints 'Error from server: etcdserver: "
                + "request timed out' and Kubernetes gives no Status reason (this code is gpulab's); with none up the "
                + "request fails after kube-apiserver's 60 s request timeout with a text gpulab does not model",
                "bring enough DataStore members back for a quorum (2 of 3)");
        add("DataStorePermissionDenied", Source.API_SERVER, "the API server answered, but etcd refused it: the "
                + "tenant's etcd role lost its permission on the tenant's prefix; kubectl prints 'Error from server: "
                + "etcdserver: permission denied' and Kubernetes gives no Status reason (this code is gpulab's)",
                "grant the tenant's etcd role READWRITE on its prefix again (etcdctl role grant-permission)");
        add("AlreadyExists", Source.API_SERVER, "a pod with this namespace and name already exists in the tenant; "
                + "nothing was created", "delete the existing pod first or choose another name");
    }

    private ReasonCodes() {
    }

    private static void hami(String code, String cause, String fix) {
        add(code, Source.HAMI, cause, fix);
    }

    private static void add(String code, Source source, String cause, String fix) {
        ALL.put(code, new Reason(code, source, cause, fix));
    }

    /** Every code, HAMi's first. */
    public static List<Reason> all() {
        return List.copyOf(ALL.values());
    }

    /** The code exactly as written, or empty. */
    public static Optional<Reason> find(String code) {
        return Optional.ofNullable(ALL.get(code));
    }

    /** Every code as one line, for an error message that lists the valid ones. */
    public static String list() {
        return String.join(", ", ALL.keySet());
    }
}
