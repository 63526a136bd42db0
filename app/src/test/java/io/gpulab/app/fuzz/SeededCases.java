package io.gpulab.app.fuzz;

import java.security.SecureRandom;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Runs a property over generated cases, each drawn from its own seeded random source, so any failure
 * replays: the run's base seed is printed first and repeated in every failure, and
 * {@code -Dgpulab.fuzz.seed=BASE -Dgpulab.fuzz.case=N} runs just the failing case again.
 *
 * Values that shrink to a short failing one (a history of actions): {@link ShrinkingProperty}. Why not jqwik:
 * docs/decisions/0004-property-tests-own-harness.md.
 */
final class SeededCases {

    /** One case: draws its inputs from {@code random}, runs gpulab, asserts, returns the exit code seen. */
    @FunctionalInterface
    interface Case {
        int run(SplittableRandom random) throws Exception;
    }

    private SeededCases() {
    }

    /** The exit codes the cases ended with, counted, so a caller can see that its edits reach the checks. */
    static Map<Integer, Integer> run(String property, int tries, Case body) {
        return run(property, tries, new SecureRandom().nextLong(), body);
    }

    /**
     * As above from a fixed base seed unless {@code -Dgpulab.fuzz.seed} gives one, and {@code -Dgpulab.fuzz.tries}
     * cases instead of {@code tries}: CI runs the same cases every time, a longer run is asked for.
     */
    static Map<Integer, Integer> runFixed(String property, int tries, long seed, Case body) {
        return run(property, Integer.getInteger("gpulab.fuzz.tries", tries), seed, body);
    }

    private static Map<Integer, Integer> run(String property, int tries, long defaultSeed, Case body) {
        long base = Long.getLong("gpulab.fuzz.seed", defaultSeed);
        int first = replaying() ? Integer.getInteger("gpulab.fuzz.case") : 0;
        int last = replaying() ? Math.min(first + 1, tries) : tries;
        System.out.printf("%s: base seed %d (replay: -Dgpulab.fuzz.seed=%d)%n", property, base, base);
        Map<Integer, Integer> exits = new TreeMap<>();
        for (int i = first; i < last; i++) {
            try {
                exits.merge(body.run(new SplittableRandom(base + i * 0x9E3779B97F4A7C15L)), 1, Integer::sum);
            } catch (Exception | AssertionError e) {
                throw new AssertionError(property + ": case " + i + " of " + tries + " failed; replay with "
                        + "-Dgpulab.fuzz.seed=" + base + " -Dgpulab.fuzz.case=" + i + "\n" + e.getMessage(), e);
            }
        }
        System.out.printf("%s: %d cases, exit codes %s%n", property, Math.max(0, last - first), exits);
        return exits;
    }

    /** One case is being replayed: properties over the whole run (both outcomes reached) do not apply. */
    static boolean replaying() {
        return System.getProperty("gpulab.fuzz.case") != null;
    }

    static <T> T pick(SplittableRandom r, java.util.List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    static <E extends Enum<E>> E pick(SplittableRandom r, Class<E> type) {
        E[] all = type.getEnumConstants();
        return all[r.nextInt(all.length)];
    }

    /**
     * A short random string: mostly printable ASCII (what YAML and CSV syntax is made of), some controls,
     * letters beyond Latin-1 and astral characters, as a broken editor or tool might leave them.
     */
    static String string(SplittableRandom r, int maxLength) {
        int n = r.nextInt(maxLength + 1);
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(10);
            if (kind < 7) {
                s.append((char) (' ' + r.nextInt(95)));
            } else if (kind == 7) {
                s.append((char) r.nextInt(32));
            } else if (kind == 8) {
                s.append((char) (0xA0 + r.nextInt(0x2F00)));
            } else {
                s.appendCodePoint(0x1F300 + r.nextInt(0x300));
            }
        }
        return s.toString();
    }
}
