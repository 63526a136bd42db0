package io.gpulab.engine.sim;

import io.gpulab.scheduler.codec.MigAllocations;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.mockgpu.plugin.Registration;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeLockCodec;
import io.gpulab.scheduler.codec.NodeLockValue;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.usage.DeviceShare;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A tenant worker: its annotations (registration, lock, user annotations), its cards with the usage
 * HAMi has booked, and what the kube scheduler has accounted. Caches its scheduler and snapshot views
 * until something on it changes, so untouched nodes cost nothing per command.
 */
final class SimNode {

    final String name;
    final int cpu;
    final int memoryMiB;
    final Map<String, String> annotations = new LinkedHashMap<>();
    private Registration registration;
    private long gpuSlots;
    private final Map<String, Integer> indexById = new HashMap<>();
    private final int[] usedSlots;
    private final int[] usedMem;
    private final int[] usedCores;
    private final List<Set<String>> cardPods = new ArrayList<>();
    /** Per MIG card index, the instances each pod holds there. */
    private final Map<Integer, Map<String, List<io.gpulab.scheduler.filter.MigRules.Choice>>> migByPod =
            new HashMap<>();
    /** Extended resources requested by pods bound here (what kube-scheduler's NodeResourcesFit counts). */
    final Map<String, Long> kubeAllocated = new HashMap<>();
    /** Allocatable CPU (millicores) and memory (bytes), and what the pods bound here request of them. */
    final long cpuAllocatableMilli;
    final long memoryAllocatableBytes;
    long cpuRequestedMilli;
    long memoryRequestedBytes;
    /** Pods bound here, against the kubelet's {@value NodeResourcesFit#MAX_PODS}. */
    int podCount;
    private @Nullable NodeInfo info;
    private @Nullable NodeView view;
    /** Bumped on every change; caches of HAMi's per-node answers compare it. */
    private long version;
    /** Told (with this node) on every change, so the tenant refreshes only changed nodes. */
    private java.util.function.Consumer<SimNode> onChange = n -> { };
    private java.util.function.IntConsumer onFull = d -> { };
    /** Position in the tenant's node list. */
    int index;
    /** How the API server answers the next patches of this node's lock (a {@code lockPatch} fault), oldest first. */
    final java.util.ArrayDeque<io.gpulab.scheduler.lock.LockPatch.Answer> lockPatches = new java.util.ArrayDeque<>(0);
    /**
     * Tainted {@code node.kubernetes.io/unreachable} (NoSchedule, NoExecute) by the node lifecycle controller: its
     * kubelet stopped posting status ({@link NodeLifecycle}). Change it only with {@link #changed} after.
     */
    boolean unreachable;
    /**
     * When the node's Ready condition last changed: registered (the lab's build), marked Ready=Unknown and tainted
     * (the taints' timeAdded too), Ready again when its kubelet came back. Change it only with {@link #changed} after.
     */
    java.time.Instant readySince = java.time.Instant.EPOCH;
    /** What HAMi reported about this node's own annotations (e.g. a registration it could not decode). */
    final List<String> notes = new ArrayList<>();

    SimNode(String name, int cpu, int memoryMiB, Map<String, String> userAnnotations, Registration registration,
            int[][] baseline) {
        this.name = name;
        this.cpu = cpu;
        this.memoryMiB = memoryMiB;
        this.cpuAllocatableMilli = cpu * 1000L;
        this.memoryAllocatableBytes = (long) memoryMiB << 20;
        this.annotations.putAll(new TreeMap<>(userAnnotations));
        int n = registration.devices().size();
        usedSlots = new int[n];
        usedMem = new int[n];
        usedCores = new int[n];
        for (int i = 0; i < n; i++) {
            indexById.put(registration.devices().get(i).id(), i);
            cardPods.add(new LinkedHashSet<>());
            usedSlots[i] = baseline[i][0];
            usedMem[i] = baseline[i][1];
            usedCores[i] = baseline[i][2];
        }
        this.registration = registration;
        this.gpuSlots = registration.capacity().getOrDefault("nvidia.com/gpu", 0L);
        annotations.putAll(registration.annotations());
    }

    /** Allocatable {@code nvidia.com/gpu} (sharing slots of healthy cards). */
    long gpuSlots() {
        return gpuSlots;
    }

    Registration registration() {
        return registration;
    }

    /** A new registration round (health fault, plugin restart); usage is kept: it comes from pods. */
    void register(Registration r) {
        registration = r;
        gpuSlots = r.capacity().getOrDefault("nvidia.com/gpu", 0L);
        annotations.putAll(r.annotations());
        changed();
    }

    boolean hasCard(String id) {
        return indexById.containsKey(id);
    }

    /**
     * The MIG instances a pod's containers got on this node's MIG cards, in container order as HAMi's usage cache
     * books them: each card takes the pod's reservations for it from {@code hami.io/vgpu-mig-allocations} in
     * order ({@code reserved}, by card id); a MIG device without one gets a new instance (the smallest allowed
     * profile holding the allocated memory, at its first free placement), as the scheduler's own choice.
     *
     * @return the reservations made, as HAMi's scheduler writes them into the annotation
     */
    List<MigAllocations.Entry> bookMig(String podKey, io.gpulab.scheduler.model.PodDevices devices,
                                       Map<String, java.util.ArrayDeque<MigAllocations.Entry>> reserved) {
        List<MigAllocations.Entry> out = new ArrayList<>();
        List<List<io.gpulab.scheduler.model.ContainerDevice>> containers = devices.containers();
        for (int ci = 0; ci < containers.size(); ci++) {
            for (int di = 0; di < containers.get(ci).size(); di++) {
                io.gpulab.scheduler.model.ContainerDevice c = containers.get(ci).get(di);
                Integer i = indexById.get(c.uuid());
                if (i == null || !registration.devices().get(i).isMig()) {
                    continue;
                }
                List<io.gpulab.scheduler.model.MigProfile> profiles = registration.devices().get(i).migProfiles();
                java.util.ArrayDeque<MigAllocations.Entry> q = reserved.get(c.uuid());
                MigAllocations.Entry r = q == null ? null : q.pollFirst();
                io.gpulab.scheduler.filter.MigRules.Choice ch;
                if (r != null) {
                    io.gpulab.scheduler.model.MigProfile known = profiles.stream()
                            .filter(p -> p.name().equals(r.profile())).findFirst()
                            .orElse(new io.gpulab.scheduler.model.MigProfile(r.profile(), c.usedMem(), c.usedCores(),
                                    r.placement().size(), List.of(r.placement())));
                    ch = new io.gpulab.scheduler.filter.MigRules.Choice(known, r.placement());
                } else {
                    ch = io.gpulab.scheduler.filter.MigRules.select(profiles, migInUse(i), c.usedMem());
                }
                if (ch != null) {
                    migByPod.computeIfAbsent(i, k -> new LinkedHashMap<>())
                            .computeIfAbsent(podKey, k -> new ArrayList<>()).add(ch);
                    out.add(new MigAllocations.Entry(ci, di, c.uuid(), ch.profile().name(), ch.placement()));
                }
            }
        }
        // reservations left over for a MIG card of this node are booked too ("restored MIG reservations missing
        // from cached Pod devices"); those naming another card only make HAMi mark cards unhealthy
        reserved.forEach((uuid, q) -> {
            Integer i = indexById.get(uuid);
            if (i == null || !registration.devices().get(i).isMig()) {
                return;
            }
            List<io.gpulab.scheduler.model.MigProfile> profiles = registration.devices().get(i).migProfiles();
            for (MigAllocations.Entry r : q) {
                io.gpulab.scheduler.model.MigProfile known = profiles.stream()
                        .filter(p -> p.name().equals(r.profile())).findFirst()
                        .orElse(new io.gpulab.scheduler.model.MigProfile(r.profile(), 0, 0, r.placement().size(),
                                List.of(r.placement())));
                migByPod.computeIfAbsent(i, k -> new LinkedHashMap<>()).computeIfAbsent(podKey, k -> new ArrayList<>())
                        .add(new io.gpulab.scheduler.filter.MigRules.Choice(known, r.placement()));
            }
            q.clear();
        });
        changed();
        return out;
    }

    private List<io.gpulab.scheduler.model.MigPlacement> migInUse(int card) {
        Map<String, List<io.gpulab.scheduler.filter.MigRules.Choice>> m = migByPod.get(card);
        if (m == null) {
            return List.of();
        }
        List<io.gpulab.scheduler.model.MigPlacement> out = new ArrayList<>();
        m.values().forEach(l -> l.forEach(c -> out.add(c.placement())));
        return out;
    }

    /** The card's MIG instances for display, by start slice. */
    private List<io.gpulab.engine.api.MigInstanceView> migViews(int card) {
        Map<String, List<io.gpulab.scheduler.filter.MigRules.Choice>> m = migByPod.get(card);
        List<io.gpulab.engine.api.MigInstanceView> out = new ArrayList<>();
        if (m != null) {
            m.forEach((pod, l) -> l.forEach(c -> out.add(new io.gpulab.engine.api.MigInstanceView(c.profile().name(),
                    c.placement().start(), c.placement().size(), pod))));
        }
        out.sort(java.util.Comparator.comparingInt(io.gpulab.engine.api.MigInstanceView::start));
        return out;
    }

    private static int migSlices(DeviceInfo d) {
        int max = 0;
        for (io.gpulab.scheduler.model.MigProfile p : d.migProfiles()) {
            for (io.gpulab.scheduler.model.MigPlacement x : p.placements()) {
                max = Math.max(max, x.start() + x.size());
            }
        }
        return max;
    }

    /** Books ({@code sign=1}) or returns ({@code sign=-1}) a pod's share; unknown card ids are ignored like HAMi. */
    void book(String podKey, List<DeviceShare> shares, int sign) {
        if (sign < 0) {
            migByPod.values().forEach(m -> m.remove(podKey));
        }
        shares.forEach(sh -> {
            Integer i = indexById.get(sh.uuid());
            if (i != null) {
                usedSlots[i] = Math.max(0, usedSlots[i] + sign * Math.max(sh.slots(), 1));
                usedMem[i] = Math.max(0, usedMem[i] + sign * sh.mem());
                usedCores[i] = Math.max(0, usedCores[i] + sign * sh.cores());
                if (sign > 0) {
                    cardPods.get(i).add(podKey);
                } else {
                    cardPods.get(i).remove(podKey);
                }
            }
        });
        changed();
    }

    /**
     * Counts ({@code sign=1}) or stops counting ({@code sign=-1}) a bound pod's requests: kube-scheduler's view of
     * the node (extended resources, CPU, memory, pod count) from the moment it assumed the pod until it is gone.
     */
    void hold(SimPod p, int sign) {
        p.kubeRequests.forEach((k, v) -> kubeAllocated.merge(k, sign * v, Long::sum));
        cpuRequestedMilli += sign * p.host.cpuMilli();
        memoryRequestedBytes += sign * p.host.memoryBytes();
        boolean wasFull = podCount >= NodeResourcesFit.MAX_PODS;
        podCount += sign;
        if (wasFull != podCount >= NodeResourcesFit.MAX_PODS) {
            onFull.accept(wasFull ? -1 : 1);
        }
        changed();
    }

    /** Told +1 when the node reaches the kubelet's max pods, -1 when it drops below again. */
    void onFull(java.util.function.IntConsumer listener) {
        onFull = listener;
    }

    /**
     * GPU-milli the cards hold, as the lab metrics count it from the node's view ({@code LabMetrics.allocatedMilli}
     * of each card), recounted when the node changes (its tenant keeps the sums a curve samples).
     */
    long allocatedMilli() {
        long sum = 0;
        List<DeviceInfo> reg = registration.devices();
        for (int k = 0; k < reg.size(); k++) {
            sum += io.gpulab.engine.metrics.LabMetrics.allocatedMilli(usedCores[k], reg.get(k).devCore());
        }
        return sum;
    }

    long freeCpuMilli() {
        return cpuAllocatableMilli - cpuRequestedMilli;
    }

    long freeMemoryBytes() {
        return memoryAllocatableBytes - memoryRequestedBytes;
    }

    /** Pods (keys) holding a share of the card. */
    Set<String> podsOn(String cardId) {
        Integer i = indexById.get(cardId);
        return i == null ? Set.of() : cardPods.get(i);
    }

    @Nullable String lockValue() {
        return annotations.get(HamiAnnotations.MUTEX_LOCK);
    }

    void changed() {
        info = null;
        view = null;
        version++;
        onChange.accept(this);
    }

    void onChange(java.util.function.Consumer<SimNode> listener) {
        onChange = listener;
    }

    long version() {
        return version;
    }

    /** What HAMi's filter sees: registration plus booked usage. */
    NodeInfo info() {
        NodeInfo i = info;
        if (i == null) {
            List<DeviceUsage> devs = new ArrayList<>();
            List<DeviceInfo> reg = registration.devices();
            for (int k = 0; k < reg.size(); k++) {
                devs.add(new DeviceUsage(reg.get(k), usedSlots[k], usedMem[k], usedCores[k], migInUse(k)));
            }
            i = new NodeInfo(name, annotations, devs);
            info = i;
        }
        return i;
    }

    NodeView view(Duration lockExpire) {
        NodeView v = view;
        if (v == null) {
            List<CardView> cards = new ArrayList<>();
            List<DeviceInfo> reg = registration.devices();
            for (int k = 0; k < reg.size(); k++) {
                DeviceInfo d = reg.get(k);
                cards.add(new CardView(d.id(), d.index(), d.type(), d.devMem(), usedMem[k], d.devCore(), usedCores[k],
                        d.count(), usedSlots[k], d.health(), d.numa(), d.mode(), List.copyOf(cardPods.get(k)),
                        d.isMig() ? migSlices(d) : 0, d.isMig() ? migViews(k) : List.of()));
            }
            List<String> warnings = new ArrayList<>(notes);
            LockView lock = lockView(lockExpire, warnings);
            v = new NodeView(name, cpu, memoryMiB, annotations, capacity(), cards, lock, warnings, cpuRequestedMilli,
                    (memoryRequestedBytes + (1 << 20) - 1) >> 20, List.of(readyCondition()), taints());
            view = v;
        }
        return v;
    }

    /**
     * {@code Ready} as the kubelet posts it, or as kube-controller-manager's node lifecycle controller overwrites it
     * once the kubelet stopped posting (it sets every condition Unknown; the lab keeps Ready only).
     */
    private io.gpulab.engine.api.StatusCondition readyCondition() {
        return unreachable
                ? new io.gpulab.engine.api.StatusCondition(io.gpulab.engine.api.StatusCondition.READY,
                        io.gpulab.engine.api.StatusCondition.UNKNOWN, "NodeStatusUnknown",
                        NodeLifecycle.UNKNOWN_MESSAGE, readySince)
                : new io.gpulab.engine.api.StatusCondition(io.gpulab.engine.api.StatusCondition.READY,
                        io.gpulab.engine.api.StatusCondition.TRUE, "KubeletReady", "kubelet is posting ready status",
                        readySince);
    }

    /** The node lifecycle controller's taints on a node whose kubelet stopped posting, each with its timeAdded. */
    private List<io.gpulab.engine.api.NodeTaint> taints() {
        return unreachable ? List.of(
                new io.gpulab.engine.api.NodeTaint(NodeLifecycle.TAINT, "", "NoSchedule", readySince),
                new io.gpulab.engine.api.NodeTaint(NodeLifecycle.TAINT, "", "NoExecute", readySince)) : List.of();
    }

    private @Nullable LockView lockView(Duration expire, List<String> warnings) {
        String raw = lockValue();
        if (raw == null) {
            return null;
        }
        Decoded<NodeLockValue> v = NodeLockCodec.decode(raw);
        if (!v.isOk()) {
            warnings.add(HamiAnnotations.MUTEX_LOCK + ": " + v.error());
            return null;
        }
        NodeLockValue l = v.value();
        String holder = l.legacy() ? "" : l.namespace() + "/" + l.podName();
        return new LockView(true, holder, l.since(), l.since().plus(expire));
    }

    private Map<String, String> capacity() {
        Map<String, String> cap = new LinkedHashMap<>();
        cap.put("cpu", String.valueOf(cpu));
        cap.put("memory", memoryMiB + "Mi");
        cap.put("pods", "110");
        registration.capacity().forEach((k, val) -> cap.put(k, String.valueOf(val)));
        return cap;
    }
}
