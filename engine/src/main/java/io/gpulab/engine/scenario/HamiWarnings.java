package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.scheduler.lock.GoDuration;

import java.util.ArrayList;
import java.util.List;

/**
 * What a scenario's (or an imported chart's) HAMi settings say that a real HAMi v2.10 deployment would not do, one
 * sentence each. The lab follows the deployed binary; these values are kept and reported, never refused, since a
 * platform's chart may well carry them.
 */
public final class HamiWarnings {

    private HamiWarnings() {
    }

    /** The warnings of {@code lab.hami} and of every tenant's own {@code hami}, in that order. */
    public static List<String> of(LabSpec lab) {
        List<String> out = new ArrayList<>(of(lab.hami(), "lab.hami"));
        for (TenantSpec t : lab.tenants()) {
            if (t.hami() != null && !t.hami().equals(lab.hami())) {
                for (String w : of(t.hami(), "tenant " + t.name() + " hami")) {
                    if (!out.contains(w)) {
                        out.add(w);
                    }
                }
            }
        }
        return out;
    }

    /**
     * The chart's {@code nodeLockExpire} when it is not the lock timeout in force: HAMi v2.10's scheduler reads it as
     * env {@code HAMI_NODELOCK_EXPIRE} at start (pkg/util/nodelock/nodelock.go, setupNodeLockTimeout) and its
     * {@code start()} then overwrites the timeout with the {@code --node-lock-timeout} flag (default 5m,
     * cmd/scheduler/main.go), which the chart never passes; and policy strings HAMi reads as another policy.
     */
    public static List<String> of(HamiSettings h, String where) {
        List<String> out = new ArrayList<>();
        String expire = h.nodeLockExpire();
        if (!expire.isEmpty() && !sameDuration(expire, h)) {
            out.add(where + ".nodeLockExpire \"" + Quote.clip(expire) + "\" has no effect on HAMi v2.10: the scheduler "
                    + "reads it (env HAMI_NODELOCK_EXPIRE), then replaces it with its --node-lock-timeout flag, which the "
                    + "chart does not pass; locks expire after " + GoDuration.format(h.nodeLockTimeout())
                    + ", in the lab as on the cluster (nodeLockTimeout models a scheduler started with that flag)");
        }
        String node = h.nodeSchedulerPolicy();
        if (!"binpack".equals(node) && !"spread".equals(node)) {
            out.add(where + ".nodeSchedulerPolicy \"" + Quote.clip(node) + "\" is not a node policy HAMi knows: it "
                    + "orders nodes as binpack");
        }
        String gpu = h.gpuSchedulerPolicy();
        if (!knownGpuPolicy(gpu)) {
            out.add(where + ".gpuSchedulerPolicy \"" + Quote.clip(gpu) + "\" is not a card policy HAMi knows: it "
                    + "orders cards as spread");
        }
        return out;
    }

    private static boolean sameDuration(String goDuration, HamiSettings h) {
        try {
            return Durations.parse(goDuration).equals(h.nodeLockTimeout());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Tokens HAMi's card order or filter reads ({@code DeviceUsageList.Less}, {@code PolicyContains}). */
    private static boolean knownGpuPolicy(String policy) {
        for (String token : policy.split(",", -1)) {
            switch (token.strip()) {
                case "binpack", "spread", "mutex", "topology-aware", "numa" -> { }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }
}
