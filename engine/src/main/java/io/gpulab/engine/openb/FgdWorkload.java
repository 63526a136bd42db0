package io.gpulab.engine.openb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The FGD artifact's workload tuning ({@code TunePodsByNodeTotalResource} with {@code shufflePod: true}): starting
 * from the trace's pods, draw pods uniformly at random (with replacement) and append copies named
 * {@code <name>-tuned-<i>} while the total GPU demand stays within {@code inflate} times the GPU capacity, stopping
 * at the first draw that would pass it; or, when the trace already asks for more, remove pods at random until it
 * does not. Then shuffle. One {@link Random} seeded with {@code seed} drives both, so a seed gives one workload.
 * The artifact uses Go's generator, so its draws differ; the procedure is the same.
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
     * The tuned, shuffled pod list.
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
        if (demand < target) {
            for (int i = 0; ; i++) {
                OpenbPod drawn = trace.get(random.nextInt(trace.size()));
                if (demand + milli(drawn) > target) {
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
        Collections.shuffle(pods, random);
        return pods;
    }
}
