package io.gpulab.engine.plan;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.NodeView;

import java.util.List;

/**
 * A candidate's cards at the end of its replay, for a heat map: per card the booked share of compute and of
 * memory in percent, workers in lab order, cards in index order. Small (two bytes per card), so every
 * candidate's end state can be kept beside its figures.
 *
 * @param workers       worker count
 * @param cardsPerWorker cards on each worker
 * @param compute       booked compute per card, percent, {@code [worker * cardsPerWorker + card]}
 * @param memory        booked memory per card, percent, same order
 */
public record CardHeat(int workers, int cardsPerWorker, byte[] compute, byte[] memory) {

    /** The heat of these workers (every tenant's, in lab order). */
    static CardHeat of(List<NodeView> nodes, int cardsPerWorker) {
        int workers = nodes.size();
        byte[] compute = new byte[workers * cardsPerWorker];
        byte[] memory = new byte[workers * cardsPerWorker];
        int w = 0;
        for (NodeView n : nodes) {
            for (int i = 0; i < Math.min(cardsPerWorker, n.cards().size()); i++) {
                CardView c = n.cards().get(i);
                compute[w * cardsPerWorker + i] = pct(c.usedCores(), c.cores());
                memory[w * cardsPerWorker + i] = pct(c.usedMemMB(), c.memMB());
            }
            w++;
        }
        return new CardHeat(workers, cardsPerWorker, compute, memory);
    }

    private static byte pct(long used, long cap) {
        return (byte) (cap <= 0 ? 0 : Math.min(100, Math.round(100.0 * used / cap)));
    }

    /** Booked share of card {@code card} on worker {@code worker}, percent: the larger of compute and memory. */
    public int booked(int worker, int card) {
        int i = worker * cardsPerWorker + card;
        return Math.max(compute[i], memory[i]);
    }
}
