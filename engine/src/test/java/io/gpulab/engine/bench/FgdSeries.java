package io.gpulab.engine.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark-only: a replay's (arrived, allocated) GPU-milli after every pod, read two ways: as the FGD artifact's
 * analysis reads its log ({@code experiments/analysis/merge_alloc_discrete*.py}: each row's arrived share rounded
 * to a whole percent, the allocation of the rows that round to {@code k} averaged, each rounded to 0.01 first; an
 * empty bucket takes the rows within one percent) and as gpulab's {@code summary.curve} samples it (the allocation
 * right after the pod that took the arrived demand to {@code k} % or beyond).
 */
final class FgdSeries {

    private final long capacity;
    private final List<long[]> rows = new ArrayList<>();

    FgdSeries(long capacityMilli) {
        this.capacity = capacityMilli;
    }

    void add(long arrivedMilli, long allocatedMilli) {
        rows.add(new long[] {arrivedMilli, allocatedMilli});
    }

    private double pct(long milli) {
        return 100.0 * milli / capacity;
    }

    /** FGD's column {@code k}: NaN when no row is within a percent of it. */
    double fgd(int k) {
        double sum = 0;
        int n = 0;
        for (long[] r : rows) {
            if (Math.rint(pct(r[0])) == k) {
                sum += round2(pct(r[1]));
                n++;
            }
        }
        if (n == 0) {
            for (long[] r : rows) {
                double a = Math.rint(pct(r[0]));
                if (a >= k - 1 && a <= k + 1) {
                    sum += round2(pct(r[1]));
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : round2(sum / n);
    }

    /** gpulab's curve point {@code k}: NaN when the arrived demand never reached {@code k} %. */
    double curve(int k) {
        for (long[] r : rows) {
            if (r[0] * 100 / capacity >= k) {
                return round2(pct(r[1]));
            }
        }
        return Double.NaN;
    }

    /** The last whole percent the arrived demand reached (the last point of gpulab's curve). */
    int lastCurvePoint() {
        return rows.isEmpty() ? 0 : (int) (rows.get(rows.size() - 1)[0] * 100 / capacity);
    }

    double finalArrivedPct() {
        return rows.isEmpty() ? 0 : pct(rows.get(rows.size() - 1)[0]);
    }

    private static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
