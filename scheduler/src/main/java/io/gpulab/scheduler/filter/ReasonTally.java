package io.gpulab.scheduler.filter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-card failure counts of one Fit call, formatted as HAMi's {@code GenReason}. */
final class ReasonTally {

    // created on the first reason: a Fit that succeeds on its first card needs none
    private Map<String, Integer> counts = Map.of();

    private Map<String, Integer> counts() {
        if (counts.isEmpty() && !(counts instanceof LinkedHashMap)) {
            counts = new LinkedHashMap<>(8);
        }
        return counts;
    }

    void add(String reason) {
        counts().merge(reason, 1, Integer::sum);
    }

    void add(String reason, int n) {
        counts().merge(reason, n, Integer::sum);
    }

    void set(String reason, int n) {
        counts().put(reason, n);
    }

    /** {@code "<count>/<total> <Reason>"} entries sorted as plain strings, joined with {@code ", "}. */
    String format(int totalDevices) {
        List<String> parts = new ArrayList<>();
        counts.forEach((r, n) -> parts.add(n + "/" + totalDevices + " " + r));
        parts.sort(null);
        return String.join(", ", parts);
    }

    /** {@code ParseReason}: the reason types named in a node's reason string (none for bare reasons). */
    static List<String> parse(String nodeReason) {
        List<String> out = new ArrayList<>();
        for (String part : nodeReason.split(", ")) {
            int sp = part.indexOf(' ');
            if (sp > 0 && part.substring(0, sp).matches("[0-9]+/[0-9]+")) {
                out.add(part.substring(sp + 1));
            }
        }
        return out;
    }
}
