package io.gpulab.engine.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The workloads a plan's sensitivity replays (docs/plan-format.md, "Robustness"): the same pods in another
 * arrival order, and the workload grown by a percentage. Both keep the workload's timing: pods exchange arrival
 * slots (with departures, a pod takes over its slot's departure too), and a grown pod's copy arrives and leaves
 * right after it.
 */
public final class WorkloadVariants {

    private WorkloadVariants() {
    }

    /**
     * The pods shuffled across the workload's arrival slots by {@code java.util.Random(seed)} (its algorithm is
     * fixed by the JDK's specification, so a seed gives the same order on every machine and run). Without
     * departures this is simply another submission order.
     */
    public static Workload reordered(Workload w, long seed) {
        List<Integer> arrivals = new ArrayList<>();
        for (Arrival e : w.events()) {
            if (e instanceof Arrival.Submit s) {
                arrivals.add(s.pod());
            }
        }
        List<Integer> shuffled = new ArrayList<>(arrivals);
        Collections.shuffle(shuffled, new Random(seed));
        int[] to = new int[w.pods().size()];
        for (int i = 0; i < to.length; i++) {
            to[i] = i;
        }
        for (int j = 0; j < arrivals.size(); j++) {
            to[arrivals.get(j)] = shuffled.get(j);
        }
        List<Arrival> events = new ArrayList<>(w.events().size());
        for (Arrival e : w.events()) {
            if (e instanceof Arrival.Submit s) {
                events.add(new Arrival.Submit(to[s.pod()]));
            } else if (e instanceof Arrival.Delete d) {
                events.add(new Arrival.Delete(to[d.pod()]));
            } else {
                events.add(e);
            }
        }
        return new Workload(w.description(), w.pods(), events);
    }

    /**
     * The workload with {@code ceil(pods × pct / 100)} more pods: copies of pods spread evenly over the pod list
     * (copy {@code j} of {@code k} copies pod {@code floor(j × pods / k)}), each named {@code NAME-growN},
     * arriving right after its original and leaving right after it.
     */
    public static Workload grown(Workload w, int pct) {
        int n = w.pods().size();
        int extra = (int) Math.ceil(n * (pct / 100.0) - 1e-9);
        if (pct <= 0 || extra == 0) {
            return w;
        }
        List<PlanPod> pods = new ArrayList<>(w.pods());
        List<List<Integer>> copies = new ArrayList<>(Collections.nCopies(n, null));
        for (int j = 0; j < extra; j++) {
            int src = (int) ((long) j * n / extra);
            PlanPod p = w.pods().get(src);
            String key = p.key() + "-grow" + (j + 1);
            PlanPod copy = new PlanPod(key, p.shape(), WorkloadResolver.renamed(p.manifest(),
                    key.substring(key.indexOf('/') + 1)), p.cards(), p.memMB(), p.memPct(), p.cores(), p.cpuMilli(),
                    p.memoryMiB(), p.types(), p.models(), p.demandMilli());
            if (copies.get(src) == null) {
                copies.set(src, new ArrayList<>());
            }
            copies.get(src).add(pods.size());
            pods.add(copy);
        }
        List<Arrival> events = new ArrayList<>(w.events().size() + 2 * extra);
        for (Arrival e : w.events()) {
            events.add(e);
            if (e instanceof Arrival.Submit s && copies.get(s.pod()) != null) {
                copies.get(s.pod()).forEach(c -> events.add(new Arrival.Submit(c)));
            } else if (e instanceof Arrival.Delete d && copies.get(d.pod()) != null) {
                copies.get(d.pod()).forEach(c -> events.add(new Arrival.Delete(c)));
            }
        }
        return new Workload(w.description() + ", grown " + pct + " %", pods, events);
    }
}
