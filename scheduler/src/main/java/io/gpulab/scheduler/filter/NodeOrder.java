package io.gpulab.scheduler.filter;

/**
 * A node policy's ordering of fitting nodes ({@code NodeScoreList.Less}); the last node after sorting wins.
 * Tie-break (HAMi's is nondeterministic, goroutine completion order): among equal scores the node whose name
 * sorts first (String order) wins, i.e. it sorts last.
 */
public interface NodeOrder {

    /** {@code Less(i, j)} on scores alone. */
    boolean less(float a, float b);

    /** The full, deterministic order: score per policy, then name descending (so the smallest name is last). */
    default int compare(NodeScore a, NodeScore b) {
        if (less(a.score(), b.score())) {
            return -1;
        }
        if (less(b.score(), a.score())) {
            return 1;
        }
        return b.node().compareTo(a.node());
    }

    /** {@code spread} selects {@link SpreadScore}; any other value is binpack, as in HAMi. */
    static NodeOrder of(String nodePolicy) {
        return "spread".equals(nodePolicy) ? SpreadScore.INSTANCE : BinpackScore.INSTANCE;
    }
}
