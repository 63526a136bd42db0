package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.request.RequestParser;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The webhook's quota check ({@code fitResourceQuota}, HAMi v2.10 pkg/device/quota.go): the pod needs
 * {@code max(sum over app containers of memReq x nums, max over init containers of memReq x nums)} MB (a
 * percentage counts as 0 here), cores likewise; if that exceeds the namespace quota the pod is denied.
 */
public final class QuotaAdmission {

    /** HAMi's denial text. */
    public static final String DENIED = "exceeding resource quota";

    private QuotaAdmission() {
    }

    /** {@link #DENIED} when the pod cannot fit its namespace quota, else null. */
    public static @Nullable String check(PodInfo pod, SchedulerConfig cfg, QuotaState quota) {
        long[] need = need(RequestParser.parse(pod, cfg), pod.initContainers().size());
        if (need[0] == 0 && need[1] == 0) {
            return null;   // HAMi skips the check for a pod that needs nothing countable (webhook.go fitResourceQuota)
        }
        return quota.fits(pod.namespace(), need[0], need[1]) ? null : DENIED;
    }

    /**
     * What the webhook counts against the quota: {MB, core units}, the larger of the app containers' sum and the
     * largest init container ({@code inits}: how many of {@code reqs}, first, are init containers).
     */
    public static long[] need(List<ContainerDeviceRequest> reqs, int inits) {
        long appMem = 0;
        long appCores = 0;
        long initMem = 0;
        long initCores = 0;
        for (int i = 0; i < reqs.size(); i++) {
            ContainerDeviceRequest r = reqs.get(i);
            if (r.isEmpty()) {
                continue;
            }
            long mem = (long) r.memReq() * r.nums();
            long cores = (long) r.coresReq() * r.nums();
            if (i < inits) {
                initMem = Math.max(initMem, mem);
                initCores = Math.max(initCores, cores);
            } else {
                appMem += mem;
                appCores += cores;
            }
        }
        return new long[] {Math.max(appMem, initMem), Math.max(appCores, initCores)};
    }
}
