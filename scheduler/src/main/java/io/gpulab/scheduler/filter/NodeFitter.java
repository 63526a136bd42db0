package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.usage.DeviceShare;
import io.gpulab.scheduler.usage.PodUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Fits a whole pod on one node as HAMi's {@code scoreNode}/{@code fitInDevices} do (HAMi v2.10 pkg/scheduler/score.go):
 * each init container against a fresh copy of the node, app containers cumulatively on one copy, every
 * container re-scoring and re-sorting the copy's cards in place before its Fit.
 */
public final class NodeFitter {

    private NodeFitter() {
    }

    public static NodeFit fit(FilterContext ctx, NodeInfo node, @Nullable QuotaState quota) {
        return fit(ctx, node, quota, null);
    }

    /** As above, telling {@code trace} (when not null) every card each container considered. */
    static NodeFit fit(FilterContext ctx, NodeInfo node, @Nullable QuotaState quota, @Nullable FitTrace trace) {
        CardSelectors sel = new CardSelectors(ctx.annotations());
        Set<String> cordon = CardSelectors.cordoned(node.annotations());
        float score = NodeScoring.score(node.devices());
        List<ContainerDeviceRequest> reqs = ctx.requests();
        List<List<ContainerDevice>> result = new ArrayList<>(reqs.size());
        WorkDevice[] appCopy = null;
        for (int i = 0; i < reqs.size(); i++) {
            ContainerDeviceRequest k = reqs.get(i);
            if (k.isEmpty()) {
                result.add(List.of());
                continue;
            }
            WorkDevice[] devs;
            if (i < ctx.initCount()) {
                devs = WorkDevice.copyOf(node.devices());
            } else {
                if (appCopy == null) {
                    appCopy = WorkDevice.copyOf(node.devices());
                }
                devs = appCopy;
            }
            QuotaProbe probe = quota == null ? QuotaProbe.NONE : probe(ctx, quota, result);
            FitOutcome out = fitInDevices(devs, k, ctx, sel, cordon, probe, node.annotations(), i, trace);
            if (trace != null) {
                trace.outcome(out);
            }
            if (!out.fits()) {
                return new NodeFit(false, out.reason(), PodDevices.empty(), score);
            }
            result.add(out.devices());
        }
        return new NodeFit(true, "", new PodDevices(result), score);
    }

    /** One container: score every card, sort, check the count, Fit, then charge the chosen cards. */
    static FitOutcome fitInDevices(WorkDevice[] devs, ContainerDeviceRequest k, FilterContext ctx,
                                   CardSelectors sel, Set<String> cordon, QuotaProbe quota,
                                   java.util.Map<String, String> nodeAnn, int index, @Nullable FitTrace trace) {
        for (WorkDevice d : devs) {
            d.score = DeviceScorer.score(d, k, ctx.weights());
        }
        ctx.order().sort(devs);
        if (trace != null) {
            trace.sorted(index, k, devs);
        }
        if (!HamiResources.NVIDIA_TYPE.equals(k.type())) {
            // HAMi looks the request's type up among its device backends before counting cards (score.go
            // fitInDevices); the lab has one backend, NVIDIA
            return FitOutcome.fail(Reasons.DEVICE_TYPE_NOT_FOUND);
        }
        int n = 0;
        for (WorkDevice d : devs) {
            if (d.isNvidia()) {
                n++;
            }
        }
        WorkDevice[] nv = n == devs.length ? devs : new WorkDevice[n];
        if (n != devs.length) {
            int j = 0;
            for (WorkDevice d : devs) {
                if (d.isNvidia()) {
                    nv[j++] = d;
                }
            }
        }
        if (k.nums() > n && !migRequest(nv, ctx)) {
            return FitOutcome.fail(Reasons.NODE_INSUFFICIENT_DEVICE);
        }
        FitOutcome out = NvidiaFit.fit(nv, k, ctx, sel, cordon, quota, nodeAnn, trace);
        if (out.fits()) {
            List<ContainerDevice> charged = new ArrayList<>(out.devices().size());
            for (ContainerDevice c : out.devices()) {
                ContainerDevice given = c;
                for (WorkDevice d : nv) {
                    if (d.info.id().equals(c.uuid())) {
                        given = addResourceUsage(d, c);
                        if (given == null) {
                            return FitOutcome.fail("AddResourceUsage failed for device " + d.info.id()
                                    + ": MIG profile and placement allocation failed");
                        }
                        break;
                    }
                }
                charged.add(given);
            }
            return FitOutcome.fit(charged);
        }
        return out;
    }

    /**
     * HAMi's {@code AddResourceUsage}: one slot, the container's memory and cores; on a MIG card the instance is
     * created: the smallest allowed profile with a free placement, whose memory and cores replace the request's.
     */
    private static @Nullable ContainerDevice addResourceUsage(WorkDevice d, ContainerDevice c) {
        ContainerDevice given = c;
        if (d.info.isMig()) {
            MigRules.Choice choice = MigRules.select(d.info.migProfiles(), d.migInUse, c.usedMem());
            if (choice == null) {
                return null;
            }
            given = new ContainerDevice(c.uuid(), c.type(), choice.profile().memoryMB(), choice.profile().core());
            d.migInUse.add(choice.placement());
        }
        d.usedSlots += 1;
        d.usedCores += given.usedCores();
        d.usedMem += given.usedMem();
        return given;
    }

    /** {@code isMIGRequest}: an NVIDIA request, no {@code vgpu-mode} excluding mig, and a MIG card on the node. */
    private static boolean migRequest(WorkDevice[] nv, FilterContext ctx) {
        String mode = ctx.annotations().get(io.gpulab.scheduler.codec.HamiAnnotations.VGPU_MODE);
        if (mode != null && !mode.contains(io.gpulab.scheduler.model.DeviceInfo.MIG_MODE)) {
            return false;
        }
        for (WorkDevice d : nv) {
            if (d.info.isMig()) {
                return true;
            }
        }
        return false;
    }

    private static QuotaProbe probe(FilterContext ctx, QuotaState quota, List<List<ContainerDevice>> prior) {
        return current -> {
            List<List<ContainerDevice>> all = new ArrayList<>(prior);
            all.add(current);
            List<DeviceShare> shares = PodUsage.collapse(new PodDevices(all), ctx.initCount());
            long[] t = PodUsage.totals(shares);
            return quota.fits(ctx.namespace(), t[0], t[1]);
        };
    }
}
