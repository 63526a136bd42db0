package io.gpulab.engine.metrics;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.request.Quantity;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A replay's allocation curve (docs/metrics.md): GPU allocation sampled each time the demand that has arrived
 * passes another whole percent of the lab's GPU capacity, as FGD's figures plot it. Feed it every submitted pod's
 * demand with {@link #arrive}; when that answers true, read the lab's allocated GPU-milli and {@link #sample} it.
 */
public final class AllocationCurve {

    /** Points kept at most: 100 times the capacity, far past any replay's arrival range. */
    static final int MAX_POINTS = 10_000;

    /** Allocation when {@code arrivedPct} percent of the GPU capacity had been asked for. */
    @JsonPropertyOrder({"arrivedPct", "allocatedPct"})
    public record Point(int arrivedPct, double allocatedPct) { }

    private final long capacityMilli;
    private final List<Point> points = new ArrayList<>();
    private long arrivedMilli;

    /** @param capacityMilli the lab's GPU capacity in GPU-milli ({@link LabMetrics#gpuAllocation()}) */
    public AllocationCurve(long capacityMilli) {
        this.capacityMilli = capacityMilli;
    }

    /** Adds one pod's demand; true when a point is due (call {@link #sample} after the pod was scheduled). */
    public boolean arrive(long demandMilli) {
        arrivedMilli += Math.max(0, demandMilli);
        return capacityMilli > 0 && points.size() < MAX_POINTS && arrivedPct() > points.size();
    }

    /** Records the allocation for every whole percent of arrival reached since the last point. */
    public void sample(long allocatedMilli) {
        double allocated = LabMetrics.pct(allocatedMilli, capacityMilli);
        int upTo = (int) Math.min(arrivedPct(), MAX_POINTS);
        while (points.size() < upTo) {
            points.add(new Point(points.size() + 1, allocated));
        }
    }

    /**
     * The allocation right after the replay's last submit. FGD's analysis files each pod under the nearest whole
     * percent of arrival, so a workload tuned to just under 1.3 times the capacity (129.98 %) ends in its 130 %
     * column; when the arrived demand rounds up past the last point, that percent is added with this allocation.
     */
    public void last(long allocatedMilli) {
        if (lastDue()) {
            // every whole percent up to the floor was sampled by arrive/sample, so this adds one point at most
            sample(allocatedMilli);
            if (roundedPct() > points.size()) {
                points.add(new Point(points.size() + 1, LabMetrics.pct(allocatedMilli, capacityMilli)));
            }
        }
    }

    /** Whether {@link #last} would add a point (so a caller reads the allocation only then). */
    public boolean lastDue() {
        return capacityMilli > 0 && points.size() < MAX_POINTS && roundedPct() > points.size();
    }

    private long roundedPct() {
        return (arrivedMilli * 100 + capacityMilli / 2) / capacityMilli;
    }

    private long arrivedPct() {
        return arrivedMilli * 100 / capacityMilli;
    }

    public List<Point> points() {
        return Collections.unmodifiableList(points);
    }

    /**
     * The GPU-milli a Pod manifest asks for, as HAMi books it: per app container {@code nvidia.com/gpu} cards,
     * each {@code 10 * gpucores} (at most 1000); a container that names no gpucores and no memory share asks
     * for whole cards (HAMi's webhook makes such a request exclusive), one that names memory only asks for none.
     */
    public static long demandMilli(Map<String, Object> manifest) {
        Object spec = manifest.get("spec");
        if (!(spec instanceof Map<?, ?> s) || !(s.get("containers") instanceof List<?> containers)) {
            return 0;
        }
        long total = 0;
        for (Object c : containers) {
            if (c instanceof Map<?, ?> cm && cm.get("resources") instanceof Map<?, ?> res) {
                total += containerMilli(res.get("limits"), res.get("requests"));
            }
        }
        return total;
    }

    private static long containerMilli(@Nullable Object limits, @Nullable Object requests) {
        long gpus = amount(limits, requests, HamiResources.GPU);
        if (gpus <= 0) {
            return 0;
        }
        long cores = amount(limits, requests, HamiResources.GPU_CORES);
        if (cores < 0) {
            boolean memory = amount(limits, requests, HamiResources.GPU_MEM) >= 0
                    || amount(limits, requests, HamiResources.GPU_MEM_PERCENTAGE) >= 0;
            cores = memory ? 0 : 100;
        }
        return gpus * Math.min(LabMetrics.CARD_MILLI, 10 * cores);
    }

    /** The resource's amount from limits, else requests; -1 when neither names it or it is no integer. */
    private static long amount(@Nullable Object limits, @Nullable Object requests, String resource) {
        Object v = limits instanceof Map<?, ?> l ? l.get(resource) : null;
        if (v == null && requests instanceof Map<?, ?> r) {
            v = r.get(resource);
        }
        if (v == null) {
            return -1;
        }
        OptionalLong n = Quantity.asInt64(v.toString());
        return n.isPresent() ? n.getAsLong() : -1;
    }
}
