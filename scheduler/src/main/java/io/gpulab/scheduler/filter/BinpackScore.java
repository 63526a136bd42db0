package io.gpulab.scheduler.filter;

/** binpack: ascending score, so the most used node (highest score) is chosen. */
public final class BinpackScore implements NodeOrder {

    public static final BinpackScore INSTANCE = new BinpackScore();

    private BinpackScore() {
    }

    @Override
    public boolean less(float a, float b) {
        return a < b;
    }
}
