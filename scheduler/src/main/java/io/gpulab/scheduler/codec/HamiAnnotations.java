package io.gpulab.scheduler.codec;

/** Names of every annotation HAMi v2.10 reads or writes (HAMi v2.10 pkg/util/types.go, pkg/device/nvidia/device.go). */
public final class HamiAnnotations {

    /** Node: registered cards, JSON (v2.8+) or legacy colon form. */
    public static final String NODE_NVIDIA_REGISTER = "hami.io/node-nvidia-register";
    /** Node: device-plugin handshake ({@code Requesting_<time>}, {@code Reported <time>}, ...). */
    public static final String NODE_HANDSHAKE = "hami.io/node-handshake";
    /** Node: optional topology scores between cards. */
    public static final String NODE_NVIDIA_SCORE = "hami.io/node-nvidia-score";
    /** Node: comma list of card UUIDs the scheduler must not use (v2.10). */
    public static final String DEVICE_CORDON = "hami.io/device-cordon";
    /** Node: the node lock, {@code <RFC3339>,<namespace>,<pod>} or a bare RFC3339 time (legacy). */
    public static final String MUTEX_LOCK = "hami.io/mutex.lock";

    /** Pod (and label): the node HAMi chose. */
    public static final String VGPU_NODE = "hami.io/vgpu-node";
    /** Pod: unix seconds of the filter decision. */
    public static final String VGPU_TIME = "hami.io/vgpu-time";
    /** Pod: cards still to hand out by the device plugin (entries emptied as containers are served). */
    public static final String DEVICES_TO_ALLOCATE = "hami.io/vgpu-devices-to-allocate";
    /** Pod: cards allocated; never erased, the scheduler rebuilds usage from it. */
    public static final String DEVICES_ALLOCATED = "hami.io/vgpu-devices-allocated";
    /** Pod: {@code allocating}, {@code success} or {@code failed}. */
    public static final String BIND_PHASE = "hami.io/bind-phase";
    /** Pod: unix seconds of the bind. */
    public static final String BIND_TIME = "hami.io/bind-time";

    /** Pod: node policy override, {@code binpack} or {@code spread}. */
    public static final String NODE_SCHEDULER_POLICY = "hami.io/node-scheduler-policy";
    /** Pod: GPU policy override ({@code binpack}, {@code spread}, {@code mutex}, comma chains...). */
    public static final String GPU_SCHEDULER_POLICY = "hami.io/gpu-scheduler-policy";
    /** Pod: {@code slot=1,core=1,memory=3} device score weights. */
    public static final String DEVICE_SCORING_WEIGHTS = "hami.io/device-scoring-weights";
    /** Pod: comma list of type substrings the cards must match. */
    public static final String USE_GPU_TYPE = "nvidia.com/use-gputype";
    /** Pod: comma list of type substrings the cards must not match. */
    public static final String NOUSE_GPU_TYPE = "nvidia.com/nouse-gputype";
    /** Pod: comma list of card UUIDs allowed. */
    public static final String USE_GPU_UUID = "nvidia.com/use-gpuuuid";
    /** Pod: comma list of card UUIDs excluded. */
    public static final String NOUSE_GPU_UUID = "nvidia.com/nouse-gpuuuid";
    /** Pod: {@code true} keeps a multi-card request on one NUMA node. */
    public static final String NUMA_BIND = "nvidia.com/numa-bind";
    /** Pod: required card mode(s), substring test against the card's mode. */
    public static final String VGPU_MODE = "nvidia.com/vgpu-mode";

    private HamiAnnotations() {
    }
}
