package io.gpulab.engine.metrics;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How full a lab is, from one snapshot (definitions in docs/metrics.md). Call {@link #of(LabSnapshot)} on any
 * backend's snapshot; it walks every card once and keeps nothing of the snapshot.
 *
 * @param nodes         workers over all tenants
 * @param cards         registered cards
 * @param gpuAllocation GPU-milli allocated / capacity as FGD (Weng et al., ATC '23) defines it: a card is 1000,
 *                      a pod holds {@code 1000 * cores / card cores} of each card it shares (its gpu_milli)
 * @param gpuMemory     card memory booked / registered, MB
 * @param gpuCompute    card compute booked / registered, HAMi core units (100 per card)
 * @param gpuSlots      sharing slots booked / registered
 * @param cpu           CPU requested by bound pods / workers' allocatable CPU, millicores
 * @param memory        memory requested by bound pods / workers' allocatable memory, MiB
 * @param stranded      free capacity no pod can use because another dimension of its card or host is exhausted
 * @param pods          pod counts and pending pods by reason
 */
@JsonPropertyOrder({"nodes", "cards", "gpuAllocation", "gpuMemory", "gpuCompute", "gpuSlots", "cpu", "memory",
        "stranded", "pods"})
public record LabMetrics(int nodes, int cards, Usage gpuAllocation, Usage gpuMemory, Usage gpuCompute,
                         Usage gpuSlots, Usage cpu, Usage memory, Stranded stranded, Pods pods) {

    /** A whole card in FGD's GPU-milli. */
    public static final int CARD_MILLI = 1000;

    /**
     * {@code used} of {@code capacity}; {@code pct} is {@code 100 * used / capacity} rounded to 0.01 (0 when
     * there is no capacity).
     */
    @JsonPropertyOrder({"used", "capacity", "pct"})
    public record Usage(long used, long capacity, double pct) {

        public static Usage of(long used, long capacity) {
            return new Usage(used, capacity, LabMetrics.pct(used, capacity));
        }
    }

    /**
     * @param gpuMemoryMB         free memory on cards whose compute or sharing slots are exhausted
     * @param gpuCores            free compute on cards whose memory or sharing slots are exhausted
     * @param gpuMilliOnFullHosts free GPU-milli on workers with no free CPU or no free memory
     */
    @JsonPropertyOrder({"gpuMemoryMB", "gpuCores", "gpuMilliOnFullHosts"})
    public record Stranded(long gpuMemoryMB, long gpuCores, long gpuMilliOnFullHosts) { }

    /**
     * @param total           pods the API servers list (admission-rejected creates not counted)
     * @param running         phase Running
     * @param pending         phase Pending
     * @param pendingByReason pending pods by their reason (HAMi's dominant card reason, kube's, a lock wait)
     */
    @JsonPropertyOrder({"total", "running", "pending", "pendingByReason"})
    public record Pods(int total, int running, int pending, Map<String, Integer> pendingByReason) {

        public Pods {
            pendingByReason = Collections.unmodifiableMap(new TreeMap<>(pendingByReason));
        }
    }

    /** The metrics of every tenant of the snapshot together. */
    public static LabMetrics of(LabSnapshot snapshot) {
        return of(snapshot.tenants());
    }

    /** The metrics of these tenants together. */
    public static LabMetrics of(List<TenantView> tenants) {
        Tally t = new Tally();
        tenants.forEach(tv -> {
            tv.nodes().forEach(t::node);
            tv.pods().forEach(t::pod);
        });
        return t.result();
    }

    /**
     * The same sums fed node by node and pod by pod (a pod's phase and reason are all it reads), for a caller that has
     * the lab's nodes and pods without a snapshot of them.
     */
    public static Tally tally() {
        return new Tally();
    }

    /** GPU-milli a card holds: its booked compute share, at most a whole card. */
    public static long allocatedMilli(CardView c) {
        return allocatedMilli(c.usedCores(), c.cores());
    }

    /** GPU-milli of a card with {@code usedCores} of its {@code cores} booked. */
    public static long allocatedMilli(int usedCores, int cores) {
        if (cores <= 0) {
            return 0;
        }
        return Math.min(CARD_MILLI, (long) CARD_MILLI * Math.max(0, usedCores) / cores);
    }

    static double pct(long used, long capacity) {
        return capacity <= 0 ? 0 : Math.round(10_000.0 * used / capacity) / 100.0;
    }

    /** Running sums over nodes and pods. */
    public static final class Tally {
        int nodes;
        int cards;
        long milli;
        long milliCap;
        long mem;
        long memCap;
        long cores;
        long coresCap;
        long slots;
        long slotsCap;
        long cpu;
        long cpuCap;
        long hostMem;
        long hostMemCap;
        long strandedMem;
        long strandedCores;
        long strandedMilli;
        int pods;
        int running;
        int pending;
        final Map<String, Integer> byReason = new TreeMap<>();

        private Tally() {
        }

        public void node(NodeView n) {
            nodes++;
            long cpuCapN = n.cpu() * 1000L;
            cpu += n.cpuRequestedMilli();
            cpuCap += cpuCapN;
            hostMem += n.memoryRequestedMiB();
            hostMemCap += n.memoryMiB();
            boolean hostFull = n.cpuRequestedMilli() >= cpuCapN || n.memoryRequestedMiB() >= n.memoryMiB();
            for (CardView c : n.cards()) {
                cards++;
                long m = allocatedMilli(c);
                milli += m;
                milliCap += CARD_MILLI;
                mem += c.usedMemMB();
                memCap += c.memMB();
                cores += c.usedCores();
                coresCap += c.cores();
                slots += c.usedSlots();
                slotsCap += c.slots();
                boolean slotsOut = c.usedSlots() >= c.slots();
                if (slotsOut || c.usedCores() >= c.cores()) {
                    strandedMem += Math.max(0, c.memMB() - c.usedMemMB());
                }
                if (slotsOut || c.usedMemMB() >= c.memMB()) {
                    strandedCores += Math.max(0, c.cores() - c.usedCores());
                }
                if (hostFull) {
                    strandedMilli += CARD_MILLI - m;
                }
            }
        }

        void pod(PodView p) {
            pod(p.phase(), p.reason());
        }

        /** A pod as {@link PodView#phase()} and {@link PodView#reason()} give it. */
        public void pod(String phase, String reason) {
            switch (phase) {
                case "Rejected" -> {
                    return;
                }
                case "Running" -> running++;
                case "Pending" -> {
                    pending++;
                    byReason.merge(reason.isEmpty() ? "(none)" : reason, 1, Integer::sum);
                }
                default -> { }
            }
            pods++;
        }

        public LabMetrics result() {
            return new LabMetrics(nodes, cards, Usage.of(milli, milliCap), Usage.of(mem, memCap),
                    Usage.of(cores, coresCap), Usage.of(slots, slotsCap), Usage.of(cpu, cpuCap),
                    Usage.of(hostMem, hostMemCap), new Stranded(strandedMem, strandedCores, strandedMilli),
                    new Pods(pods, running, pending, byReason));
        }
    }
}
