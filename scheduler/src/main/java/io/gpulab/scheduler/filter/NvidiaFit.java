package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * HAMi's NVIDIA {@code Fit} (HAMi v2.10 pkg/device/nvidia/device.go): walks the sorted cards from the end and applies the
 * check chain in HAMi's order; the first failing check names the card's reason.
 */
final class NvidiaFit {

    private NvidiaFit() {
    }

    static FitOutcome fit(WorkDevice[] devs, ContainerDeviceRequest k, FilterContext ctx, CardSelectors sel,
                          Set<String> cordon, QuotaProbe quota, java.util.Map<String, String> nodeAnn) {
        return fit(devs, k, ctx, sel, cordon, quota, nodeAnn, null);
    }

    /** As above, telling {@code trace} (when not null) what each card was judged. */
    static FitOutcome fit(WorkDevice[] devs, ContainerDeviceRequest k, FilterContext ctx, CardSelectors sel,
                          Set<String> cordon, QuotaProbe quota, java.util.Map<String, String> nodeAnn,
                          @org.jspecify.annotations.Nullable FitTrace trace) {
        final int originReq = k.nums();
        int nums = originReq;
        int prevNuma = -1;
        int coresReq = k.coresReq();
        boolean mutex = ctx.mutex();
        List<ContainerDevice> tmp = new ArrayList<>(originReq);
        ReasonTally reasons = new ReasonTally();
        for (int i = devs.length - 1; i >= 0; i--) {
            WorkDevice d = devs[i];
            if (!d.info.health()) {
                reject(reasons, trace, d, Reasons.CARD_NOT_HEALTH, -1, -1);
                continue;
            }
            if (cordon.contains(d.info.id())) {
                reject(reasons, trace, d, Reasons.CARD_CORDONED, -1, -1);
                continue;
            }
            if (!sel.typeMatches(d, k)) {
                reject(reasons, trace, d, Reasons.CARD_TYPE_MISMATCH, -1, -1);
                continue;
            }
            if (ctx.numaBind() && d.info.numa() != prevNuma) {
                if (nums != originReq) {
                    reasons.add(Reasons.NUMA_NOT_FIT, tmp.size());
                }
                if (trace != null && !tmp.isEmpty()) {
                    trace.dropped(List.copyOf(tmp));
                }
                nums = originReq;
                tmp.clear();
                prevNuma = d.info.numa();
            }
            if (!sel.uuidMatches(d)) {
                reject(reasons, trace, d, Reasons.CARD_UUID_MISMATCH, -1, -1);
                continue;
            }
            if (d.info.count() <= d.usedSlots) {
                reject(reasons, trace, d, Reasons.CARD_TIME_SLICING_EXHAUSTED, -1, -1);
                continue;
            }
            if (mutex && d.usedSlots > 0) {
                reject(reasons, trace, d, Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT, -1, -1);
                continue;
            }
            if (coresReq > 100) {
                coresReq = 100;
            }
            int memreq = 0;
            if (k.memReq() > 0) {
                memreq = k.memReq();
            }
            if (k.memPercentReq() != ContainerDeviceRequest.PERCENT_UNSET && k.memReq() == 0) {
                memreq = (int) ((long) d.info.devMem() * k.memPercentReq() / 100);
            }
            if (quota != QuotaProbe.NONE && !quota.fits(with(tmp, device(d, memreq, coresReq)))) {
                reject(reasons, trace, d, Reasons.RESOURCE_QUOTA_NOT_FIT, memreq, coresReq);
                continue;
            }
            String fail = capacityCheck(d, memreq, coresReq);
            if (fail != null) {
                reject(reasons, trace, d, fail, memreq, coresReq);
                continue;
            }
            if (d.info.isMig() && !MigRules.fits(d.info.migProfiles(), d.migInUse, takenOn(tmp, d), memreq)) {
                // step 15, CustomFilterRule: no allowed profile with a free placement holds the request
                reject(reasons, trace, d, Reasons.CARD_MIG_TOPOLOGY_INFEASIBLE, memreq, coresReq);
                continue;
            }
            if (trace != null) {
                trace.card(d, null, memreq, coresReq);
            }
            if (nums > 0) {
                if (!ctx.topology()) {
                    nums--;
                }
                tmp.add(device(d, memreq, coresReq));
            }
            if (nums == 0 && !ctx.topology()) {
                return FitOutcome.fit(tmp);
            }
            if (d.info.isMig()) {
                i++;   // HAMi revisits a MIG card: one card can give a container several instances
            }
        }
        if (ctx.topology() && tmp.size() >= originReq) {
            return FitOutcome.fit(TopologyChoice.choose(tmp, originReq, nodeAnn, trace));
        }
        if (!tmp.isEmpty()) {
            reasons.set(Reasons.ALLOCATED_CARDS_INSUFFICIENT_REQUEST, tmp.size());
        }
        return FitOutcome.fail(reasons.format(devs.length));
    }

    /** A card fails a check: counted for HAMi's reason string, told to the trace. */
    private static void reject(ReasonTally reasons, @org.jspecify.annotations.Nullable FitTrace trace, WorkDevice d,
                               String reason, int memreq, int coresReq) {
        reasons.add(reason);
        if (trace != null) {
            trace.card(d, reason, memreq, coresReq);
        }
    }

    /** Steps 11-14 of the chain: memory, cores, exclusivity, compute units. */
    private static @org.jspecify.annotations.Nullable String capacityCheck(WorkDevice d, int memreq, int coresReq) {
        int totalCores = d.info.devCore();
        if (d.info.devMem() - d.usedMem < memreq) {
            return Reasons.CARD_INSUFFICIENT_MEMORY;
        }
        if (totalCores - d.usedCores < coresReq) {
            return Reasons.CARD_INSUFFICIENT_CORE;
        }
        if (totalCores == 100 && coresReq == 100 && d.usedSlots > 0) {
            return Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT;
        }
        if (totalCores != 0 && d.usedCores == totalCores && coresReq == 0) {
            return Reasons.CARD_COMPUTE_UNITS_EXHAUSTED;
        }
        return null;
    }

    /** Memory of the instances this container already took on the card in this Fit, in order. */
    private static List<Integer> takenOn(List<ContainerDevice> tmp, WorkDevice d) {
        List<Integer> out = new ArrayList<>();
        for (ContainerDevice c : tmp) {
            if (c.uuid().equals(d.info.id())) {
                out.add(c.usedMem());
            }
        }
        return out;
    }

    private static ContainerDevice device(WorkDevice d, int mem, int cores) {
        return new ContainerDevice(d.info.id(), HamiResources.NVIDIA_TYPE, mem, cores);
    }

    private static List<ContainerDevice> with(List<ContainerDevice> tmp, ContainerDevice c) {
        List<ContainerDevice> l = new ArrayList<>(tmp.size() + 1);
        l.addAll(tmp);
        l.add(c);
        return l;
    }
}
