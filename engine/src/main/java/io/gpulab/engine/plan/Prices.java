package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * User-entered prices (nothing built in, nothing fetched): per card of a model and per worker, in one
 * currency for one period.
 *
 * @param currency e.g. {@code EUR}; only printed
 * @param period   e.g. {@code month}; only printed
 * @param cards    price per card, by catalog model name as written in the candidates
 * @param worker   price per worker (chassis, CPU, memory), or {@code null} for none
 */
public record Prices(String currency, String period, Map<String, Double> cards, @Nullable Double worker) {

    public Prices {
        cards = Map.copyOf(cards);
    }

    public static final Prices NONE = new Prices("", "", Map.of(), null);

    public boolean isEmpty() {
        return cards.isEmpty() && worker == null;
    }
}
