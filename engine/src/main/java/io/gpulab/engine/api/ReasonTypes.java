package io.gpulab.engine.api;

import java.util.Map;
import java.util.TreeMap;

/** Reads HAMi's FailedNodes texts ({@code "1/2 CardInsufficientCore, 1/2 CardInsufficientMemory"}). */
public final class ReasonTypes {

    private ReasonTypes() {
    }

    /**
     * The reason type that rejected most cards over all nodes (a bare reason such as
     * {@code NodeInsufficientDevice} counts once per node); ties go to the alphabetically first.
     */
    public static String dominant(Map<String, String> failedNodes) {
        // thousands of nodes share a handful of texts: count the texts, then parse each once
        Map<String, int[]> texts = new java.util.HashMap<>();
        failedNodes.values().forEach(text -> texts.computeIfAbsent(text, k -> new int[1])[0]++);
        Map<String, Integer> tally = new TreeMap<>();
        texts.forEach((text, n) -> tally(text).forEach((r, k) -> tally.merge(r, k * n[0], Integer::sum)));
        return dominantOf(tally);
    }

    /** The cards each reason type rejected in one node's text (a bare reason counts once). */
    public static Map<String, Integer> tally(String text) {
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
    public static String dominantOf(Map<String, Integer> tally) {
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
