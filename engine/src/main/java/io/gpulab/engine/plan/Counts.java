package io.gpulab.engine.plan;

import java.util.Locale;

/**
 * A count and its noun as a plan's texts write them, everywhere one format: "1 worker", "1,080 workers", "0 pods".
 * The text output, the decision report and the Plan view read "1 workers, 1 cards" where each wrote its own "s".
 */
public final class Counts {

    private Counts() {
    }

    /** {@code n} with thousands separators and the noun, plural unless {@code n} is 1 ("pod template" -> "pod templates"). */
    public static String of(long n, String noun) {
        return String.format(Locale.ROOT, "%,d", n) + " " + noun(n, noun);
    }

    /** The noun alone as {@code n} of it needs it: "worker" for 1, else "workers". */
    public static String noun(long n, String noun) {
        return n == 1 ? noun : noun + "s";
    }
}
