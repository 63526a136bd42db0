package io.gpulab.engine.plan;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * For pods that no candidate runs: the cheapest card of the catalog on which they would run, on one of the
 * plan's own worker shapes, as a suggestion for another candidate. "Cheapest" needs prices: a priced card model
 * wins on the worker's price; without a price for any card that fits, the card with the least memory that runs
 * them is named and the sentence says it is not priced. Catalog models whose figures are assumed (openb's
 * undisclosed G1-G3) are never suggested.
 *
 * @param pods      how many pods of this group
 * @param reason    why no candidate runs them
 * @param model     the card model suggested, or empty when no catalog card runs them
 * @param basedOn   the candidate whose worker shape the suggestion keeps (CPU, memory, card count)
 * @param worker    the suggested worker shape, e.g. {@code 4 × H100-80GB, 96 CPU, 768 GiB}
 * @param cardPrice the model's price per card when the plan gives one
 * @param workerPrice the suggested worker's price when every part of it is priced
 */
public record NeverFitSuggestion(int pods, String reason, String model, String basedOn, String worker,
                                 @Nullable Double cardPrice, @Nullable Double workerPrice, Prices prices) {

    /** The suggestion for pods like {@code p} (the group's first pod), or one with an empty model. */
    static NeverFitSuggestion of(Fit.NeverFit group, PlanPod p, Plan plan, CardCatalog catalog) {
        Candidate best = null;
        CardModel bestModel = null;
        for (CardModel m : catalog.models()) {
            if (!m.note().isEmpty()) {
                continue;
            }
            for (Candidate c : plan.candidates()) {
                Candidate alt = with(c, m, Math.max(c.cardsPerWorker(), p.cards()));
                if (Fit.why(p, alt, catalog) != null) {
                    continue;
                }
                if (best == null || better(alt, m, best, bestModel)) {
                    best = alt;
                    bestModel = m;
                }
            }
        }
        if (best == null) {
            return new NeverFitSuggestion(group.pods(), group.reason(), "", "", "", null, null, Prices.NONE);
        }
        return new NeverFitSuggestion(group.pods(), group.reason(), bestModel.name(), best.name(), best.shape(),
                best.prices().cards().get(bestModel.name()), best.workerPrice(), best.prices());
    }

    private static boolean better(Candidate a, CardModel am, Candidate b, CardModel bm) {
        Double pa = a.workerPrice();
        Double pb = b.workerPrice();
        if (pa != null && pb != null) {
            return pa < pb;
        }
        if (pa != null || pb != null) {
            return pa != null;
        }
        return am.memoryMB() < bm.memoryMB();
    }

    private static Candidate with(Candidate c, CardModel m, int count) {
        return new Candidate(c.name(), c.cpu(), c.memoryMiB(), List.of(CardSpec.ofModel(m.name(), count)),
                c.workers(), c.minimize(), c.maxWorkers(), c.tenants(), c.weights(), c.hami(), c.prices(), null);
    }

    /** The sentence, e.g. "12 pods need H100-80GB, no candidate card matches: no candidate can run them. ..." */
    public String sentence() {
        String why = pods == 1 ? reason.replaceFirst("^need ", "needs ") : reason;
        String head = Recommendation.fmt(pods) + (pods == 1 ? " pod " : " pods ") + why + ": no candidate can run "
                + (pods == 1 ? "it." : "them.");
        if (model.isEmpty()) {
            return head + " No card of the catalog runs " + (pods == 1 ? "it" : "them")
                    + " on any of the plan's worker shapes.";
        }
        String them = pods == 1 ? "it" : "them";
        String which = cardPrice == null
                ? " The smallest catalog card that runs " + them + " (by memory; the plan prices none that does): "
                + model
                : " The cheapest priced catalog card that runs " + them + ": " + model + " at "
                + prices.perPeriod(cardPrice) + " a card"
                + (workerPrice == null ? "" : " (" + prices.perPeriod(workerPrice) + " a worker)");
        return head + which
                + ", e.g. on " + basedOn + "'s worker as " + worker + "; add it as a candidate to place "
                + (pods == 1 ? "it." : "them.");
    }
}
