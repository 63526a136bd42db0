package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.util.Locale;
import java.util.Map;

/**
 * User-entered prices (nothing built in, nothing fetched): per card of a model and per worker, in one
 * currency for one period, and the term a purchase is judged over.
 *
 * @param currency e.g. {@code EUR}; only printed
 * @param period   e.g. {@code month}; only printed
 * @param cards    price per card, by catalog model name as written in the candidates
 * @param worker   price per worker (chassis, CPU, memory), or {@code null} for none
 * @param term     how many periods the total cost covers (e.g. 36 months), or {@code null} when not stated
 * @param managementNode      price per node of a Kamaji management cluster, or {@code null} for none
 * @param controlPlaneMachine price per machine of a dedicated control plane (kubeadm HA: three per tenant), or
 *                            {@code null} for none
 */
public record Prices(String currency, String period, Map<String, Double> cards, @Nullable Double worker,
                     @Nullable Integer term, @Nullable Double managementNode, @Nullable Double controlPlaneMachine) {

    public Prices {
        cards = Map.copyOf(cards);
    }

    /** Prices of workers and cards only. */
    public Prices(String currency, String period, Map<String, Double> cards, @Nullable Double worker,
                  @Nullable Integer term) {
        this(currency, period, cards, worker, term, null, null);
    }

    public static final Prices NONE = new Prices("", "", Map.of(), null, null);

    public boolean isEmpty() {
        return cards.isEmpty() && worker == null;
    }

    /** An amount per period, e.g. {@code EUR 1,234.00 per month}. */
    public String perPeriod(double v) {
        return amount(v) + (period.isEmpty() ? "" : " per " + period);
    }

    /** An amount as such, e.g. {@code EUR 1,234.00}. */
    public String amount(double v) {
        String a = String.format(Locale.ROOT, "%,.2f", v);
        return currency.isEmpty() ? a : currency + " " + a;
    }

    /** The term in words, e.g. {@code 36 months}; empty when not stated. */
    public String termWords() {
        if (term == null) {
            return "";
        }
        String unit = period.isEmpty() ? "period" : period;
        return term + " " + unit + (term == 1 ? "" : "s");
    }
}
