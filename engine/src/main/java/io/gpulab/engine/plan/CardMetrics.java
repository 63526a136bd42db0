package io.gpulab.engine.plan;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;

/** {@link RunMetrics} of a lab's end state, from its cards as the snapshot shows them. */
final class CardMetrics {

    private CardMetrics() {
    }

    static RunMetrics of(LabSnapshot s) {
        long mem = 0;
        long usedMem = 0;
        long cores = 0;
        long usedCores = 0;
        long slots = 0;
        long usedSlots = 0;
        long strandedMem = 0;
        long strandedCores = 0;
        for (TenantView t : s.tenants()) {
            for (NodeView n : t.nodes()) {
                for (CardView c : n.cards()) {
                    mem += c.memMB();
                    usedMem += Math.min(c.usedMemMB(), c.memMB());
                    cores += c.cores();
                    usedCores += Math.min(c.usedCores(), c.cores());
                    slots += c.slots();
                    usedSlots += Math.min(c.usedSlots(), c.slots());
                    boolean slotsFull = c.usedSlots() >= c.slots();
                    boolean coresFull = c.usedCores() >= c.cores();
                    boolean memFull = c.usedMemMB() >= c.memMB();
                    if (slotsFull || coresFull) {
                        strandedMem += Math.max(0, c.memMB() - c.usedMemMB());
                    }
                    if (slotsFull || memFull) {
                        strandedCores += Math.max(0, c.cores() - c.usedCores());
                    }
                }
            }
        }
        return new RunMetrics(pct(usedMem, mem), pct(usedCores, cores), pct(usedSlots, slots), pct(strandedMem, mem),
                pct(strandedCores, cores), strandedMem, strandedCores);
    }

    static double pct(long part, long whole) {
        return whole == 0 ? 0 : Math.round(part * 1000.0 / whole) / 10.0;
    }
}
