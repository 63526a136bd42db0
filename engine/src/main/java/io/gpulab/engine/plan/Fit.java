package io.gpulab.engine.plan;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Pods that can never fit a candidate, whatever else runs: the wrong card model, more cards than one worker
 * has, more memory than one card has, more CPU or memory than one worker has. Said plainly, apart from the
 * pods that pend for lack of room.
 */
public final class Fit {

    private Fit() {
    }

    /** Pods of one reason that never fit. */
    public record NeverFit(int pods, String reason) { }

    /**
     * Why {@code p} can never run on {@code c}, or {@code null} when an empty worker would take it. "a worker",
     * "the largest card" and "this candidate" are {@code c}'s: {@link #naming} says whose when several candidates'
     * reasons are listed together.
     */
    static @Nullable String why(PlanPod p, Candidate c, CardCatalog catalog) {
        if (p.cpuMilli() > c.cpu() * 1000L) {
            return "need " + cpu(p.cpuMilli()) + " CPU, but a worker has " + fmt(c.cpu()) + " CPU";
        }
        if (p.memoryMiB() > c.memoryMiB()) {
            return "need " + fmt(p.memoryMiB()) + " MiB of memory, but a worker has " + fmt(c.memoryMiB()) + " MiB";
        }
        if (p.cards() == 0) {
            return null;
        }
        int matching = 0;
        int bestMem = 0;
        for (CardSpec card : c.cards()) {
            String type = type(card, catalog);
            if (p.types().isEmpty() || p.types().contains(type)) {
                matching += card.count();
                bestMem = Math.max(bestMem, (int) Math.floor(memory(card, catalog) * c.hami().deviceMemoryScaling()));
            }
        }
        if (matching == 0) {
            return "need " + String.join(" or ", p.models()) + ", no card of this candidate matches";
        }
        if (p.cards() > matching) {
            return "need " + fmt(p.cards()) + " cards on one worker, but a worker has " + fmt(matching)
                    + (p.types().isEmpty() ? "" : " of " + String.join(" or ", p.models()));
        }
        if (p.memMB() > bestMem) {
            return "need " + fmt(p.memMB()) + " MB per card, but the largest card has " + fmt(bestMem) + " MB";
        }
        return null;
    }

    /** Pods of {@code w} that never fit {@code c}, grouped by reason, with the set of their indexes. */
    static Map<String, List<Integer>> neverFit(Workload w, Candidate c, CardCatalog catalog) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        Map<String, String> memo = new java.util.HashMap<>();
        for (int i = 0; i < w.pods().size(); i++) {
            PlanPod p = w.pods().get(i);
            String shape = p.cards() + "|" + p.memMB() + "|" + p.memPct() + "|" + p.cores() + "|" + p.cpuMilli() + "|"
                    + p.memoryMiB() + "|" + p.types();
            String why = memo.computeIfAbsent(shape, s -> String.valueOf(why(p, c, catalog)));
            if (!"null".equals(why)) {
                out.computeIfAbsent(why, k -> new ArrayList<>()).add(i);
            }
        }
        return out;
    }

    static String type(CardSpec c, CardCatalog catalog) {
        if (c.type() != null) {
            return c.type();
        }
        return catalog.find(String.valueOf(c.model())).map(CardModel::type).orElse(String.valueOf(c.model()));
    }

    static int memory(CardSpec c, CardCatalog catalog) {
        if (c.memoryMB() != null) {
            return c.memoryMB();
        }
        return catalog.find(String.valueOf(c.model())).map(CardModel::memoryMB).orElse(0);
    }

    private static String cpu(long milli) {
        return milli % 1000 == 0 ? fmt(milli / 1000) : String.format(Locale.ROOT, "%,.1f", milli / 1000.0);
    }

    private static String fmt(long v) {
        return Recommendation.fmt(v);
    }

    /**
     * {@code why} with the candidates it holds for named: "need 120 CPU, but a worker of t4-x4 or a10-x4 has 68 CPU"
     * (listed bare, one candidate's 68 CPU read as another's shortfall when their worker shapes differ).
     */
    static String naming(String why, List<String> candidates) {
        String or = candidates.size() == 1 ? candidates.get(0)
                : String.join(", ", candidates.subList(0, candidates.size() - 1)) + " or "
                + candidates.get(candidates.size() - 1);
        return why.replace("a worker has", "a worker of " + or + " has")
                .replace("the largest card has", "the largest card of " + or + " has")
                .replace("no card of this candidate matches", "no card of " + or + " matches");
    }
}
