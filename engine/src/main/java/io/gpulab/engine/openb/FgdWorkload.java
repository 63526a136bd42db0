package io.gpulab.engine.openb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The FGD artifact's workload tuning, step for step as its experiments ran it ({@code SortClusterPods} with
 * {@code shufflePod: true}, then {@code TunePodsByNodeTotalResource}; hkust-adsl/kubernetes-scheduler-simulator
 * pkg/simulator): the trace's pods in a random order; then, while the GPU demand is under {@code inflate} times the
 * GPU capacity, copies drawn uniformly at random (with replacement) from the trace are appended, named
 * {@code <name>-tuned-<i>}, until a draw would pass it; or, when the trace already asks for more, pods are removed
 * at random until it does not. As in the artifact, the stop test adds the drawn pod's per-card {@code gpu_milli}
 * (0 for a CPU-only pod) while the demand then grows by {@code num_gpu * gpu_milli}, so the demand ends within one
 * card under the target, or up to seven cards over it when a multi-card pod is drawn last. One {@link Random}
 * seeded with {@code seed} drives the shuffle and the draws, so a seed gives one workload; the artifact uses Go's
 * generator, so its draws for a seed differ, the procedure is the same.
 */
public final class FgdWorkload {

    private FgdWorkload() {
    }

    /** The GPU-milli a pod asks for: {@code num_gpu * gpu_milli} (a whole card is 1000). */
    public static long milli(OpenbPod p) {
        return (long) p.numGpu() * p.gpuMilli();
    }

    /** The GPU capacity of the nodes in GPU-milli. */
    public static long capacity(List<OpenbNode> nodes) {
        return nodes.stream().mapToLong(n -> n.gpu() * 1000L).sum();
    }

    /**
     * The tuned pod list: the trace's pods shuffled, then the appended copies in the order drawn (or the trace
     * with pods removed at random when it already asks for more).
     *
     * @throws IllegalArgumentException for an inflation that is not a positive finite number or a trace that asks
     *                                  for no GPU at all
     */
    public static List<OpenbPod> tune(List<OpenbPod> trace, long capacityMilli, double inflate, long seed) {
        if (!(inflate > 0) || Double.isInfinite(inflate) || inflate > 100) {
            throw new IllegalArgumentException("--inflate must be a number in (0, 100], got " + inflate);
        }
        long demand = trace.stream().mapToLong(FgdWorkload::milli).sum();
        if (demand <= 0 || capacityMilli <= 0) {
            throw new IllegalArgumentException("--arrivals fgd needs GPU pods and GPU nodes (the pods ask for "
                    + demand + " GPU-milli, the nodes have " + capacityMilli + ")");
        }
        double target = inflate * capacityMilli;
        Random random = new Random(seed);
        List<OpenbPod> pods = new ArrayList<>(trace);
        // SortClusterPods: the trace's own pods first, in a random order; the copies follow in the order drawn
        Collections.shuffle(pods, random);
        if (demand < target) {
            for (int i = 0; ; i++) {
                OpenbPod drawn = trace.get(random.nextInt(trace.size()));
                if (demand + (drawn.numGpu() > 0 ? drawn.gpuMilli() : 0) > target) {
                    break;
                }
                demand += milli(drawn);
                pods.add(drawn.renamed(drawn.name() + "-tuned-" + i));
            }
        } else {
            while (demand > target && !pods.isEmpty()) {
                demand -= milli(pods.remove(random.nextInt(pods.size())));
            }
        }
        return pods;
    }
}
