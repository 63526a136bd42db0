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
        int fits = sortedFits.size();
        // one builder for the whole text, sized for what is kept (a 1,000-node lab would otherwise allocate ~24 kB
        // per pod for a 1 kB message), and each score appended in place: per placement this was the second largest
        // allocation of a large run (a string per listed score, then the list copied into the message)
        long want = Math.min((long) fits * 24, (long) minKeep + 32) + node.length() + 64;
        StringBuilder msg = new StringBuilder((int) Math.min(want, 1 << 16));
        appendSucceededHead(msg, node, totalNodes, fits);
        listFits(msg, sortedFits, minKeep);
        return new HamiEvent(HamiEvent.FILTERING_SUCCEED, HamiEvent.NORMAL, msg.append(')').toString());
    }

    /**
     * The start of the FilteringSucceed text, up to its list of fits: {@code find fit node(<node>), <n> nodes not
     * fit, <m> nodes fit(}; the list ({@link #listFits}) and {@code )} follow.
     */
    public static StringBuilder appendSucceededHead(StringBuilder msg, String node, int totalNodes, int fits) {
        return msg.append("find fit node(").append(node).append("), ").append(totalNodes - fits)
                .append(" nodes not fit, ").append(fits).append(" nodes fit(");
    }

    /**
     * The FilteringSucceed list of fits, {@code <n1>:<s1>,<n2>:<s2>,...} in the order given, stopped once it is
     * {@code minKeep} characters long; returns how many fits it lists. The list depends on those first fits alone,
     * so a caller may keep it while they are unchanged.
     */
    public static int listFits(StringBuilder out, Iterable<NodeScore> sortedFits, int minKeep) {
        int start = out.length();
        int listed = 0;
        for (NodeScore s : sortedFits) {
            if (out.length() - start >= minKeep) {
                break;
            }
            if (out.length() > start) {
                out.append(',');
            }
            out.append(s.node()).append(':');
            appendGoFixed2(out, s.score());
            listed++;
        }
        return listed;
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
        // per reason type: its count and the start of its node list; a node's reason text is parsed once per text
        final class Type {
            int count;
            final StringBuilder nodes = new StringBuilder();
        }
        Map<String, Type[]> byText = new HashMap<>();
        Map<String, Type> types = new HashMap<>();
        failedNodes.forEach((node, reason) -> {
            Type[] ts = byText.computeIfAbsent(reason, text -> ReasonTally.parse(text).stream()
                    .map(r -> types.computeIfAbsent(r, k -> new Type())).toArray(Type[]::new));
            for (Type t : ts) {
                t.count++;
                if (t.nodes.length() < minKeep) {
                    t.nodes.append(t.nodes.length() == 0 ? "" : ",").append(node);
                }
            }
        });
        List<HamiEvent> out = new ArrayList<>();
        new TreeMap<>(types).forEach((reason, t) -> out.add(new HamiEvent(HamiEvent.FILTERING_FAILED,
                HamiEvent.WARNING, t.count + " nodes " + reason + "(" + t.nodes + ")")));
        out.add(new HamiEvent(HamiEvent.FILTERING_FAILED, HamiEvent.WARNING,
                "no available node, " + totalNodes + " nodes do not meet"));
        return out;
    }

    /** Go's {@code %.2f} of a float32: correctly rounded (half-even on the exact binary value). */
    public static String goFixed2(float f) {
        StringBuilder sb = new StringBuilder(8);
        appendGoFixed2(sb, f);
        return sb.toString();
    }

    /** Appends {@link #goFixed2(float)} of {@code f}, without a string of its own on the usual path. */
    static void appendGoFixed2(StringBuilder sb, float f) {
        if (Float.floatToRawIntBits(f) == 0) {
            sb.append("0.00"); // +0 (idle nodes); -0 takes the exact path below
            return;
        }
        double scaled = (double) f * 100.0;
        double frac = scaled - Math.floor(scaled);
        // fast path (same result): positive, and far from a rounding tie, where double math cannot flip the digit
        if (f > 0 && scaled < 1e15 && Math.abs(frac - 0.5) > 1e-6) {
            long r = Math.round(scaled);
            long cents = r % 100;
            sb.append(r / 100).append(cents < 10 ? ".0" : ".").append(cents);
            return;
        }
        sb.append(new BigDecimal((double) f).setScale(2, RoundingMode.HALF_EVEN).toPlainString());
    }
}
