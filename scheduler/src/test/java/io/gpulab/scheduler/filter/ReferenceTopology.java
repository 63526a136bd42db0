package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The reference transcription's topology-aware choice: every combination, literally (test code). */
final class ReferenceTopology {

    private ReferenceTopology() {
    }

    static List<ContainerDevice> topology(List<ContainerDevice> c, int want, @Nullable String raw) {
        Map<String, Map<String, Integer>> s = new java.util.HashMap<>();
        if (raw != null) {
            try {
                for (var e : new com.fasterxml.jackson.databind.ObjectMapper().readTree(raw)) {
                    Map<String, Integer> m = new java.util.HashMap<>();
                    e.get("score").fields().forEachRemaining(f -> m.put(f.getKey(), f.getValue().asInt()));
                    s.put(e.get("uuid").asText(), m);
                }
            } catch (Exception e) {
                s.clear();
            }
        }
        if (c.size() == want) {
            return c;
        }
        if (want == 1) {
            ContainerDevice best = null;
            long bestSum = 0;
            for (ContainerDevice a : c) {
                long sum = 0;
                for (ContainerDevice b : c) {
                    if (a != b) {
                        sum += s.getOrDefault(a.uuid(), Map.of()).getOrDefault(b.uuid(), 0);
                    }
                }
                if (best == null || sum < bestSum) {
                    best = a;
                    bestSum = sum;
                }
            }
            return List.of(best);
        }
        List<List<ContainerDevice>> combos = new ArrayList<>();
        combine(c, want, 0, new ArrayList<>(), combos);
        List<ContainerDevice> best = null;
        long bestSum = 0;
        for (List<ContainerDevice> combo : combos) {
            long sum = 0;
            for (int i = 0; i < combo.size(); i++) {
                for (int j = i + 1; j < combo.size(); j++) {
                    sum += s.getOrDefault(combo.get(i).uuid(), Map.of()).getOrDefault(combo.get(j).uuid(), 0);
                }
            }
            if (best == null || sum > bestSum) {
                best = combo;
                bestSum = sum;
            }
        }
        return best;
    }

    private static void combine(List<ContainerDevice> c, int want, int from, List<ContainerDevice> cur,
                                List<List<ContainerDevice>> out) {
        if (cur.size() == want) {
            out.add(new ArrayList<>(cur));
            return;
        }
        for (int i = from; i < c.size(); i++) {
            cur.add(c.get(i));
            combine(c, want, i + 1, cur, out);
            cur.remove(cur.size() - 1);
        }
    }

}
