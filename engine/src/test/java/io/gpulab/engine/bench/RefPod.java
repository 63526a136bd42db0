package io.gpulab.engine.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark-only: what one pod manifest written by {@code gpulab import openb} asks for (requests {@code cpu: Nm},
 * {@code memory: NMi}; limits {@code nvidia.com/gpu}, {@code gpucores}, {@code gpumem-percentage}; annotation
 * {@code nvidia.com/use-gputype}).
 *
 * @param cores  HAMi cores per card (FGD's gpu_milli / 10; 100 for a whole card)
 * @param memPct HAMi memory percentage per card
 * @param types  use-gputype tokens, empty for any card
 */
record RefPod(String name, long cpuMilli, long memMiB, int numGpu, int cores, int memPct, List<String> types) {

    @SuppressWarnings("unchecked")
    static RefPod of(Map<String, Object> manifest) {
        Map<String, Object> meta = (Map<String, Object>) manifest.get("metadata");
        Map<String, Object> ann = (Map<String, Object>) meta.getOrDefault("annotations", Map.of());
        Object use = ann.get("nvidia.com/use-gputype");
        List<String> types = use == null ? List.of()
                : Arrays.stream(use.toString().split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
        Map<String, Object> spec = (Map<String, Object>) manifest.get("spec");
        Map<String, Object> c = ((List<Map<String, Object>>) spec.get("containers")).get(0);
        Map<String, Object> res = (Map<String, Object>) c.getOrDefault("resources", Map.of());
        Map<String, Object> req = (Map<String, Object>) res.getOrDefault("requests", Map.of());
        Map<String, Object> lim = (Map<String, Object>) res.getOrDefault("limits", Map.of());
        return new RefPod(meta.get("name").toString(), number(req.get("cpu"), "m"), number(req.get("memory"), "Mi"),
                (int) number(lim.get("nvidia.com/gpu"), ""), (int) number(lim.get("nvidia.com/gpucores"), ""),
                (int) number(lim.get("nvidia.com/gpumem-percentage"), ""), types);
    }

    private static long number(Object v, String suffix) {
        if (v == null) {
            return 0;
        }
        String s = v.toString();
        if (!s.endsWith(suffix)) {
            throw new IllegalArgumentException("expected a quantity in " + suffix + ", got " + s);
        }
        return Long.parseLong(s.substring(0, s.length() - suffix.length()));
    }

    /** HAMi's memory request on a card of {@code memMB}: {@code devMem * percentage / 100}. */
    int memReq(int memMB) {
        return (int) ((long) memMB * memPct / 100);
    }

    /** FGD's GPU-milli demand: {@code num_gpu * gpu_milli}. */
    long milli() {
        return (long) numGpu * Math.min(ReferenceLab.CARD_MILLI, 10L * cores);
    }

    /** HAMi's use-gputype check: the card type contains one of the tokens, ignoring case. */
    boolean typeAllowed(String type) {
        if (types.isEmpty()) {
            return true;
        }
        String t = type.toLowerCase(Locale.ROOT);
        return types.stream().anyMatch(x -> t.contains(x.toLowerCase(Locale.ROOT)));
    }
}
