package io.gpulab.engine.plan;

import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The lab a candidate stands for with {@code n} workers, and which tenant each pod goes to. */
final class CandidateLab {

    private CandidateLab() {
    }

    /** {@code n} identical workers dealt to the tenants in proportion to their weights, at least one each. */
    static LabSpec spec(String plan, Candidate c, int n) {
        int[] per = share(n, c.weights());
        List<TenantSpec> tenants = new ArrayList<>();
        for (int t = 0; t < c.tenants().size(); t++) {
            String tenant = c.tenants().get(t);
            List<WorkerSpec> workers = new ArrayList<>(per[t]);
            for (int w = 1; w <= per[t]; w++) {
                workers.add(new WorkerSpec(tenant + "-w" + w, c.cpu(), c.memoryMiB(), c.cards(), Map.of()));
            }
            tenants.add(new TenantSpec(tenant, workers));
        }
        return new LabSpec(plan + "-" + c.name(), "candidate " + c.name() + " of plan " + plan + ", " + Counts.of(n, "worker"),
                c.hami(), LabSpec.LIFECYCLE_COMPLETE, tenants);
    }

    /** {@code n} split by weight (largest remainder), every share at least 1 when {@code n} allows. */
    static int[] share(int n, List<Integer> weights) {
        int k = weights.size();
        int[] out = new int[k];
        int floor = Math.min(1, n / Math.max(k, 1));
        int rest = n - floor * k;
        long total = weights.stream().mapToLong(Integer::longValue).sum();
        double[] rem = new double[k];
        int given = 0;
        for (int i = 0; i < k; i++) {
            double exact = (double) rest * weights.get(i) / total;
            out[i] = floor + (int) Math.floor(exact);
            rem[i] = exact - Math.floor(exact);
            given += (int) Math.floor(exact);
        }
        for (int left = rest - given; left > 0; left--) {
            int best = 0;
            for (int i = 1; i < k; i++) {
                if (rem[i] > rem[best]) {
                    best = i;
                }
            }
            out[best]++;
            rem[best] = -1;
        }
        return out;
    }

    /** The tenant of every pod: smooth weighted round robin, so a 70/30 split interleaves. */
    static int[] tenantOf(int pods, List<Integer> weights) {
        int k = weights.size();
        int[] out = new int[pods];
        long[] current = new long[k];
        long total = weights.stream().mapToLong(Integer::longValue).sum();
        for (int p = 0; p < pods; p++) {
            int best = 0;
            for (int i = 0; i < k; i++) {
                current[i] += weights.get(i);
                if (current[i] > current[best]) {
                    best = i;
                }
            }
            current[best] -= total;
            out[p] = best;
        }
        return out;
    }
}
