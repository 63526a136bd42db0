package io.gpulab.scheduler.filter;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The texts of HAMi's {@code FilteringSucceed} and {@code FilteringFailed} events (score.go, scheduler.go). */
public final class FilterEvents {

    private FilterEvents() {
    }

    /** {@code find fit node(<node>), <n> nodes not fit, <m> nodes fit(<n1>:<s1>,...)}, scores as Go's %.2f. */
    public static HamiEvent succeeded(String node, int totalNodes, List<NodeScore> sortedFits) {
        return succeeded(node, totalNodes, sortedFits, Integer.MAX_VALUE);
    }

    /**
     * As {@link #succeeded(String, int, List)}, but stops listing scores once the list is {@code minKeep}
     * characters long: a caller that keeps only the first {@code minKeep} characters of the message (the sim's
     * 1 kB event log on thousands of nodes) gets the same text without formatting every node.
     */
    public static HamiEvent succeeded(String node, int totalNodes, List<NodeScore> sortedFits, int minKeep) {
        // sized for what is kept: a 1,000-node lab would otherwise allocate ~24 kB per pod for a 1 kB message
        long want = Math.min((long) sortedFits.size() * 24, (long) minKeep + 32);
        StringBuilder scores = new StringBuilder((int) Math.min(want, 1 << 16));
        for (NodeScore s : sortedFits) {
            if (scores.length() >= minKeep) {
                break;
            }
            if (scores.length() > 0) {
                scores.append(',');
            }
            scores.append(s.node()).append(':').append(goFixed2(s.score()));
        }
        String msg = "find fit node(" + node + "), " + (totalNodes - sortedFits.size()) + " nodes not fit, "
                + sortedFits.size() + " nodes fit(" + scores + ")";
        return new HamiEvent(HamiEvent.FILTERING_SUCCEED, HamiEvent.NORMAL, msg);
    }

    /**
     * One {@code "<k> nodes <Reason>(<sorted nodes>)"} event per card reason type (in reason order; HAMi's
     * map order is random), then {@code no available node, <N> nodes do not meet}.
     */
    public static List<HamiEvent> failed(Map<String, String> failedNodes, int totalNodes) {
        Map<String, List<String>> byReason = new TreeMap<>();
        failedNodes.forEach((node, reason) -> {
            for (String r : ReasonTally.parse(reason)) {
                byReason.computeIfAbsent(r, k -> new ArrayList<>()).add(node);
            }
        });
        List<HamiEvent> out = new ArrayList<>();
        byReason.forEach((reason, nodes) -> {
            List<String> sorted = nodes.stream().sorted().toList();
            out.add(new HamiEvent(HamiEvent.FILTERING_FAILED, HamiEvent.WARNING,
                    sorted.size() + " nodes " + reason + "(" + String.join(",", sorted) + ")"));
        });
        out.add(new HamiEvent(HamiEvent.FILTERING_FAILED, HamiEvent.WARNING,
                "no available node, " + totalNodes + " nodes do not meet"));
        return out;
    }

    /**
     * As {@link #failed(Map, int)} for nodes iterated in name order, listing each reason's nodes only until the list
     * is {@code minKeep} characters long: a caller that keeps the first {@code minKeep} characters of each message
     * gets the same texts without joining thousands of node names per pod.
     */
    public static List<HamiEvent> failed(Map<String, String> failedNodes, int totalNodes, int minKeep) {
        Map<String, List<String>> parsed = new HashMap<>();
        Map<String, int[]> counts = new TreeMap<>();
        Map<String, StringBuilder> lists = new HashMap<>();
        failedNodes.forEach((node, reason) -> {
            for (String r : parsed.computeIfAbsent(reason, ReasonTally::parse)) {
                counts.computeIfAbsent(r, k -> new int[1])[0]++;
                StringBuilder sb = lists.computeIfAbsent(r, k -> new StringBuilder());
                if (sb.length() < minKeep) {
                    sb.append(sb.length() == 0 ? "" : ",").append(node);
                }
            }
        });
        List<HamiEvent> out = new ArrayList<>();
        counts.forEach((reason, n) -> out.add(new HamiEvent(HamiEvent.FILTERING_FAILED, HamiEvent.WARNING,
                n[0] + " nodes " + reason + "(" + lists.get(reason) + ")")));
        out.add(new HamiEvent(HamiEvent.FILTERING_FAILED, HamiEvent.WARNING,
                "no available node, " + totalNodes + " nodes do not meet"));
        return out;
    }

    /** Go's {@code %.2f} of a float32: correctly rounded (half-even on the exact binary value). */
    public static String goFixed2(float f) {
        if (Float.floatToRawIntBits(f) == 0) {
            return "0.00"; // +0 (idle nodes); -0 takes the exact path below
        }
        double scaled = (double) f * 100.0;
        double frac = scaled - Math.floor(scaled);
        // fast path (same result): positive, and far from a rounding tie, where double math cannot flip the digit
        if (f > 0 && scaled < 1e15 && Math.abs(frac - 0.5) > 1e-6) {
            long r = Math.round(scaled);
            long cents = r % 100;
            return (r / 100) + (cents < 10 ? ".0" : ".") + cents;
        }
        return new BigDecimal((double) f).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }
}
