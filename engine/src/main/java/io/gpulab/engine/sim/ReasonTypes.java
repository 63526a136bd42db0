package io.gpulab.engine.sim;

import java.util.Map;
import java.util.TreeMap;

/** Reads HAMi's FailedNodes texts ({@code "1/2 CardInsufficientCore, 1/2 CardInsufficientMemory"}). */
final class ReasonTypes {

    private ReasonTypes() {
    }

    /**
     * The reason type that rejected most cards over all nodes (a bare reason such as
     * {@code NodeInsufficientDevice} counts once per node); ties go to the alphabetically first.
     */
    static String dominant(Map<String, String> failedNodes) {
        Map<String, Integer> tally = new TreeMap<>();
        failedNodes.values().forEach(text -> tally(text).forEach((r, k) -> tally.merge(r, k, Integer::sum)));
        return dominantOf(tally);
    }

    /** The cards each reason type rejected in one node's text (a bare reason counts once). */
    static Map<String, Integer> tally(String text) {
        Map<String, Integer> tally = new TreeMap<>();
        for (String item : text.split(", ")) {
            String s = item.strip();
            int space = s.indexOf(' ');
            int slash = s.indexOf('/');
            if (space > 0 && slash > 0 && slash < space) {
                int k = parse(s.substring(0, slash));
                tally.merge(s.substring(space + 1), k, Integer::sum);
            } else if (!s.isEmpty()) {
                tally.merge(s, 1, Integer::sum);
            }
        }
        return tally;
    }

    /** The reason with the highest count, ties to the alphabetically first ({@code tally} iterates sorted). */
    static String dominantOf(Map<String, Integer> tally) {
        String best = "";
        int max = -1;
        for (Map.Entry<String, Integer> e : tally.entrySet()) {
            if (e.getValue() > max) {
                best = e.getKey();
                max = e.getValue();
            }
        }
        return best;
    }

    private static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
