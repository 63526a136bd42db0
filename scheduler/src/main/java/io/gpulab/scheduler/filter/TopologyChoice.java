package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeScoreCodec;
import io.gpulab.scheduler.model.ContainerDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * topology-aware selection after Fit collected every passing card (HAMi v2.10 pkg/device/nvidia/device.go, after Fit's loop): one card
 * -> the one with the lowest sum of pair scores to the other candidates; several -> the combination (in
 * collection order) with the highest sum of pairwise scores. First wins ties; missing scores count 0.
 */
final class TopologyChoice {

    private TopologyChoice() {
    }

    static List<ContainerDevice> choose(List<ContainerDevice> candidates, int want, Map<String, String> nodeAnn,
                                        @org.jspecify.annotations.Nullable FitTrace trace) {
        if (candidates.size() == want) {
            if (trace != null) {
                trace.topology(candidates, Map.of());
            }
            return candidates;
        }
        String raw = nodeAnn.get(HamiAnnotations.NODE_NVIDIA_SCORE);
        Map<String, Map<String, Integer>> s = raw == null ? Map.of() : NodeScoreCodec.decode(raw).orElse(Map.of());
        if (want == 1) {
            int best = -1;
            long bestSum = Long.MAX_VALUE;
            Map<String, Long> sums = trace == null ? null : new java.util.LinkedHashMap<>();
            for (int i = 0; i < candidates.size(); i++) {
                long sum = 0;
                for (int j = 0; j < candidates.size(); j++) {
                    if (j != i) {
                        sum += score(s, candidates.get(i), candidates.get(j));
                    }
                }
                if (sums != null) {
                    sums.put(candidates.get(i).uuid(), sum);
                }
                if (sum < bestSum) {
                    bestSum = sum;
                    best = i;
                }
            }
            List<ContainerDevice> one = List.of(candidates.get(best));
            if (trace != null) {
                trace.topology(one, sums);
            }
            return one;
        }
        int[] idx = new int[want];
        for (int i = 0; i < want; i++) {
            idx[i] = i;
        }
        int[] best = idx.clone();
        long bestSum = Long.MIN_VALUE;
        int n = candidates.size();
        while (true) {
            long sum = 0;
            for (int a = 0; a < want; a++) {
                for (int b = a + 1; b < want; b++) {
                    sum += score(s, candidates.get(idx[a]), candidates.get(idx[b]));
                }
            }
            if (sum > bestSum) {
                bestSum = sum;
                best = idx.clone();
            }
            int k = want - 1;
            while (k >= 0 && idx[k] == n - want + k) {
                k--;
            }
            if (k < 0) {
                break;
            }
            idx[k]++;
            for (int j = k + 1; j < want; j++) {
                idx[j] = idx[j - 1] + 1;
            }
        }
        List<ContainerDevice> out = new ArrayList<>(want);
        for (int i : best) {
            out.add(candidates.get(i));
        }
        if (trace != null) {
            Map<String, Long> sums = new java.util.LinkedHashMap<>();
            for (ContainerDevice c : out) {
                sums.put(c.uuid(), bestSum);
            }
            trace.topology(out, sums);
        }
        return out;
    }

    private static int score(Map<String, Map<String, Integer>> s, ContainerDevice a, ContainerDevice b) {
        return s.getOrDefault(a.uuid(), Map.of()).getOrDefault(b.uuid(), 0);
    }
}
