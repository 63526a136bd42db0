package io.gpulab.scheduler.filter;

/** spread: descending score, so the least used node (lowest score) is chosen. */
public final class SpreadScore implements NodeOrder {

    public static final SpreadScore INSTANCE = new SpreadScore();

    private SpreadScore() {
    }

    @Override
    public boolean less(float a, float b) {
        return a > b;
    }
}
