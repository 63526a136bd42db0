package io.gpulab.engine.plan;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * One platform to compare ({@code candidates[i]} of a plan).
 *
 * @param name       a DNS label, unique in the plan
 * @param cpu        CPU cores per worker
 * @param memoryMiB  memory per worker
 * @param cards      the cards of every worker
 * @param workers    how many workers; with {@code minimize} the first guess is worked out instead
 * @param minimize   find the smallest worker count that places every pod that can fit at all
 * @param maxWorkers the search's upper bound
 * @param tenants    tenant names; workers and pods are dealt to them by {@code weights}
 * @param weights    the split, one positive weight per tenant
 * @param hami       HAMi's settings on this platform
 * @param prices     what it costs (the plan's prices unless the candidate gives its own)
 * @param controlPlanes where its tenants' control planes run, or {@code null} when the plan does not say (they
 *                   then cost nothing and take no room)
 */
public record Candidate(String name, int cpu, int memoryMiB, List<CardSpec> cards, int workers, boolean minimize,
                        int maxWorkers, List<String> tenants, List<Integer> weights, HamiSettings hami,
                        Prices prices, @Nullable ControlPlanes controlPlanes) {

    public Candidate {
        cards = List.copyOf(cards);
        tenants = List.copyOf(tenants);
        weights = List.copyOf(weights);
    }

    /** Cards on one worker. */
    public int cardsPerWorker() {
        return cards.stream().mapToInt(CardSpec::count).sum();
    }

    /** A short description of the worker shape, e.g. {@code 4 × A100-80GB, 64 CPU, 512 GiB}. */
    public String shape() {
        StringBuilder b = new StringBuilder();
        for (CardSpec c : cards) {
            b.append(b.length() == 0 ? "" : " + ").append(c.count()).append(" × ").append(modelName(c));
        }
        return b + ", " + Recommendation.fmt(cpu) + " CPU, " + (memoryMiB % 1024 == 0
                ? Recommendation.fmt(memoryMiB / 1024) + " GiB" : Recommendation.fmt(memoryMiB) + " MiB");
    }

    static String modelName(CardSpec c) {
        return c.model() != null ? c.model() : String.valueOf(c.type());
    }

    /** The same candidate with another worker count. */
    public Candidate withWorkers(int n) {
        return new Candidate(name, cpu, memoryMiB, cards, n, minimize, maxWorkers, tenants, weights, hami, prices,
                controlPlanes);
    }

    /** The price of one worker, or {@code null} when some part of it has no price. */
    public @Nullable Double workerPrice() {
        if (prices.isEmpty()) {
            return null;
        }
        double sum = prices.worker() == null ? 0 : prices.worker();
        for (CardSpec c : cards) {
            Double p = prices.cards().get(modelName(c));
            if (p == null) {
                return null;
            }
            sum += p * c.count();
        }
        return sum;
    }
}
