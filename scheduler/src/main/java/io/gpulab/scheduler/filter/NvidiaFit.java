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
                reasons.add(Reasons.CARD_NOT_HEALTH);
                continue;
            }
            if (cordon.contains(d.info.id())) {
                reasons.add(Reasons.CARD_CORDONED);
                continue;
            }
            if (!sel.typeMatches(d, k)) {
                reasons.add(Reasons.CARD_TYPE_MISMATCH);
                continue;
            }
            if (ctx.numaBind() && d.info.numa() != prevNuma) {
                if (nums != originReq) {
                    reasons.add(Reasons.NUMA_NOT_FIT, tmp.size());
                }
                nums = originReq;
                tmp.clear();
                prevNuma = d.info.numa();
            }
            if (!sel.uuidMatches(d)) {
                reasons.add(Reasons.CARD_UUID_MISMATCH);
                continue;
            }
            if (d.info.count() <= d.usedSlots) {
                reasons.add(Reasons.CARD_TIME_SLICING_EXHAUSTED);
                continue;
            }
            if (mutex && d.usedSlots > 0) {
                reasons.add(Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT);
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
                reasons.add(Reasons.RESOURCE_QUOTA_NOT_FIT);
                continue;
            }
            String fail = capacityCheck(d, memreq, coresReq);
            if (fail != null) {
                reasons.add(fail);
                continue;
            }
            if (d.info.isMig() && !MigRules.fits(d.info.migProfiles(), d.migInUse, takenOn(tmp, d), memreq)) {
                // step 15, CustomFilterRule: no allowed profile with a free placement holds the request
                reasons.add(Reasons.CARD_MIG_TOPOLOGY_INFEASIBLE);
                continue;
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
            return FitOutcome.fit(TopologyChoice.choose(tmp, originReq, nodeAnn));
        }
        if (!tmp.isEmpty()) {
            reasons.set(Reasons.ALLOCATED_CARDS_INSUFFICIENT_REQUEST, tmp.size());
        }
        return FitOutcome.fail(reasons.format(devs.length));
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
