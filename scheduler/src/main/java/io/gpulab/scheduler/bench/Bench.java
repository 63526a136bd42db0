package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterResult;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.usage.UsageLedger;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Runs the benchmark: a warm-up on another fleet of the same size (JIT), then the measured run on the seeded fleet, each pod
 * resolved ({@link FilterContext#of}), placed and booked in turn. With {@code check}, every decision is also
 * made by a full {@link HamiFilter} scan on its own copy of the fleet and differences are counted.
 */
public final class Bench {

    private Bench() {
    }

    public static BenchResult run(BenchConfig c) {
        SchedulerConfig cfg = new SchedulerConfig(0, 0, 1, 1, 10, 1.0, 1.0, c.policy(), c.policy(),
                SchedulerConfig.DEFAULTS.nodeLockTimeout());
        warmUp(c, cfg);
        List<NodeInfo> fleet = FleetGenerator.generate(c.nodes(), c.cardsPerNode(), new Random(c.seed()));
        List<PodInfo> pods = pods(c.pods(), c.seed() + 1);
        IndexedScheduler fast = new IndexedScheduler(fleet, c.policy(), c.seed());
        List<NodeInfo> reference = c.check() ? new ArrayList<>(fleet) : List.of();
        resetPeaks();
        long[] micros = new long[pods.size()];
        int scheduled = 0;
        int mismatches = 0;
        long measured = 0;
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        for (int p = 0; p < pods.size(); p++) {
            long t0 = System.nanoTime();
            FilterContext ctx = FilterContext.of(pods.get(p), cfg).value();
            Decision d = fast.schedule(ctx);
            long dt = System.nanoTime() - t0;
            measured += dt;
            micros[p] = dt;
            if (d.node() != null) {
                scheduled++;
            }
            if (c.check() && !d.equals(fullScan(ctx, reference))) {
                mismatches++;
            }
        }
        long cpu = threads.getCurrentThreadCpuTime() - cpu0;
        Arrays.sort(micros);
        double pps = pods.isEmpty() ? 0 : pods.size() / (measured / 1e9);
        return new BenchResult(c.nodes(), c.nodes() * c.cardsPerNode(), c.pods(), scheduled, pps,
                percentile(micros, 0.50), percentile(micros, 0.99), peakHeapMB(), c.check() ? mismatches : -1,
                pods.isEmpty() || cpu <= 0 ? 0 : pods.size() / (cpu / 1e9));
    }

    /** The pods of a run: pod i is generated from the seeded sequence, policy from the config. */
    public static List<PodInfo> pods(int count, long seed) {
        Random rnd = new Random(seed);
        List<PodInfo> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(PodGenerator.pod(i, rnd));
        }
        return out;
    }

    /** A full HAMi scan on {@code fleet}, booking the chosen share into it (the checker's own simulation). */
    static Decision fullScan(FilterContext ctx, List<NodeInfo> fleet) {
        FilterResult r = HamiFilter.filter(ctx, fleet, null);
        if (r.node() == null) {
            return Decision.NONE;
        }
        for (int i = 0; i < fleet.size(); i++) {
            if (fleet.get(i).name().equals(r.node())) {
                fleet.set(i, UsageLedger.apply(fleet.get(i), PodUsage.collapse(r.devices(), ctx.initCount())));
            }
        }
        return new Decision(r.node(), r.devices());
    }

    private static void warmUp(BenchConfig c, SchedulerConfig cfg) {
        // a fleet of the measured size, so the JIT sees the same tree depths and node visits
        List<NodeInfo> fleet = FleetGenerator.generate(c.nodes(), c.cardsPerNode(),
                new Random(c.seed() ^ 0x5DEECE66DL));
        IndexedScheduler s = new IndexedScheduler(fleet, c.policy(), c.seed());
        Random rnd = new Random(c.seed() + 7);
        for (int i = 0; i < Math.min(30_000, Math.max(2_000, c.pods())); i++) {
            s.schedule(FilterContext.of(PodGenerator.pod(i, rnd), cfg).value());
        }
    }

    private static double percentile(long[] sortedNanos, double q) {
        if (sortedNanos.length == 0) {
            return 0;
        }
        int idx = (int) Math.min(sortedNanos.length - 1, Math.ceil(q * sortedNanos.length) - 1);
        return sortedNanos[Math.max(0, idx)] / 1000.0;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    private static double peakHeapMB() {
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        return peak / (1024.0 * 1024.0);
    }
}
