package io.gpulab.scheduler.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * HAMi's device order ({@code DeviceUsageList.Less}, HAMi v2.10 pkg/scheduler/policy/gpu_policy.go) as a "less" relation; Fit walks
 * the sorted list from the end, so the card that sorts last is tried first.
 */
public final class GpuOrder {

    private enum Kind { BINPACK, SPREAD, MUTEX, BINPACK_NUMA, OTHER_NUMA, CHAIN }

    private enum Key { BINPACK, SPREAD, NUMA }

    private final Kind kind;
    private final Key[] chain;

    private GpuOrder(Kind kind, Key[] chain) {
        this.kind = kind;
        this.chain = chain;
    }

    /** The order for a GPU policy string (pod annotation or flag) and the pod's numa-bind flag. */
    public static GpuOrder of(String policy, boolean numaBind) {
        if (policy.contains(",") || policy.equals("numa")) {
            List<Key> keys = new ArrayList<>();
            for (String t : policy.split(",", -1)) {
                Key k = switch (t.strip()) {
                    case "binpack" -> Key.BINPACK;
                    case "spread" -> Key.SPREAD;
                    case "numa" -> Key.NUMA;
                    default -> null;
                };
                if (k != null && !keys.contains(k)) {
                    keys.add(k);
                }
            }
            if (keys.isEmpty()) {
                keys.add(Key.SPREAD);
            }
            if (numaBind && keys.get(0) != Key.NUMA) {
                keys.remove(Key.NUMA);
                keys.add(0, Key.NUMA);
            }
            return new GpuOrder(Kind.CHAIN, keys.toArray(new Key[0]));
        }
        boolean binpack = policy.equals("binpack");
        if (numaBind) {
            return new GpuOrder(binpack ? Kind.BINPACK_NUMA : Kind.OTHER_NUMA, new Key[0]);
        }
        if (binpack) {
            return new GpuOrder(Kind.BINPACK, new Key[0]);
        }
        return new GpuOrder(policy.equals("mutex") ? Kind.MUTEX : Kind.SPREAD, new Key[0]);
    }

    /** {@code Less(i, j)}: true when {@code a} sorts before {@code b}. */
    boolean less(WorkDevice a, WorkDevice b) {
        int na = a.info.numa();
        int nb = b.info.numa();
        return switch (kind) {
            case BINPACK -> a.score < b.score || (a.score == b.score && na < nb);
            case SPREAD -> a.score > b.score || (a.score == b.score && na < nb);
            case MUTEX -> a.usedSlots > b.usedSlots || (a.usedSlots == b.usedSlots && na < nb);
            case BINPACK_NUMA -> na == nb ? a.score < b.score : na > nb;
            case OTHER_NUMA -> na == nb ? a.score > b.score : na < nb;
            case CHAIN -> chainLess(a, b);
        };
    }

    private boolean chainLess(WorkDevice a, WorkDevice b) {
        for (Key k : chain) {
            switch (k) {
                case BINPACK -> {
                    if (a.score != b.score) {
                        return a.score < b.score;
                    }
                }
                case SPREAD -> {
                    if (a.score != b.score) {
                        return a.score > b.score;
                    }
                }
                default -> {
                    if (a.info.numa() != b.info.numa()) {
                        return a.info.numa() < b.info.numa();
                    }
                }
            }
        }
        return a.info.index() < b.info.index();
    }

    /**
     * Sorts in place as Go's {@code sort.Sort} does for up to 12 elements (insertion sort, hence stable); longer
     * lists use the same stable insertion sort (Go's pdqsort could order exact ties differently there).
     */
    void sort(WorkDevice[] d) {
        for (int i = 1; i < d.length; i++) {
            for (int j = i; j > 0 && less(d[j], d[j - 1]); j--) {
                WorkDevice t = d[j];
                d[j] = d[j - 1];
                d[j - 1] = t;
            }
        }
    }

    /**
     * The order in words: which card Fit tries first (Fit walks the sorted list from its end) and how ties go; for
     * an explanation next to the scores.
     */
    public String describe() {
        String ties = "; then the card registered later";
        return switch (kind) {
            case BINPACK -> "binpack: the highest card score is tried first (the fullest card); equal scores: the "
                    + "higher NUMA node first" + ties;
            case SPREAD -> "spread: the lowest card score is tried first (the emptiest card); equal scores: the higher "
                    + "NUMA node first" + ties;
            case MUTEX -> "mutex: only idle cards fit; the card with the fewest pods is tried first; equal: the higher "
                    + "NUMA node first" + ties;
            case BINPACK_NUMA -> "binpack with numa-bind: the lowest NUMA node's cards first, within it the highest "
                    + "card score first" + ties;
            case OTHER_NUMA -> "spread with numa-bind: the highest NUMA node's cards first, within it the lowest card "
                    + "score first" + ties;
            case CHAIN -> chainWords();
        };
    }

    private String chainWords() {
        List<String> words = new ArrayList<>();
        for (Key k : chain) {
            words.add(switch (k) {
                case BINPACK -> "the highest card score";
                case SPREAD -> "the lowest card score";
                case NUMA -> "the highest NUMA node";
            });
        }
        return "chain " + Arrays.toString(chain).toLowerCase(java.util.Locale.ROOT) + ": tried first is "
                + String.join(", then ", words) + ", then the card with the higher index";
    }

    @Override
    public String toString() {
        return kind + (chain.length > 0 ? Arrays.toString(chain) : "");
    }
}
