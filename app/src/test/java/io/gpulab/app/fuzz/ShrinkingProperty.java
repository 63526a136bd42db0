package io.gpulab.app.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A property checked on generated values, with shrinking: values are drawn from seeded random sources (a fixed base
 * seed unless {@code -Dgpulab.fuzz.seed} gives one, {@code -Dgpulab.fuzz.tries} of them), and the first value that
 * falsifies the property is shrunk, candidate by simpler candidate, to one that still falsifies it and has no simpler
 * candidate that does. The failure names the seed, the try, the value drawn and the value shrunk to.
 *
 * <p>Why not jqwik: from 1.10 its maintainers ask that it not be used by AI coding agents, and parts of this code
 * are written by one (docs/decisions/0004-property-tests-own-harness.md).
 */
final class ShrinkingProperty {

    /** Draws one value. */
    @FunctionalInterface
    interface Generator<T> {
        T draw(SplittableRandom random);
    }

    /** The property: returns normally when it holds, throws (an assertion) when the value falsifies it. */
    @FunctionalInterface
    interface Property<T> {
        void check(T value) throws Exception;
    }

    /** How often the property is evaluated while shrinking, at most: shrinking ends there with what it has. */
    static final int SHRINK_BUDGET = Integer.getInteger("gpulab.fuzz.shrinks", 400);

    private ShrinkingProperty() {
    }

    /**
     * Checks {@code property} on {@code tries} values (or {@code -Dgpulab.fuzz.tries}) drawn from {@code seed} (or
     * {@code -Dgpulab.fuzz.seed}); {@code -Dgpulab.fuzz.case=N} checks only the N-th. On a failure, shrinks with
     * {@code simpler} (the candidates simpler than a value, the most promising first) and throws.
     *
     * @return the number of values checked
     */
    static <T> int check(String name, int tries, long seed, Generator<T> generator,
                         Function<T, Stream<T>> simpler, Property<T> property) {
        int n = Integer.getInteger("gpulab.fuzz.tries", tries);
        long base = Long.getLong("gpulab.fuzz.seed", seed);
        int first = SeededCases.replaying() ? Integer.getInteger("gpulab.fuzz.case") : 0;
        int last = SeededCases.replaying() ? Math.min(first + 1, n) : n;
        System.out.printf("%s: base seed %d, %d tries (-Dgpulab.fuzz.seed=S -Dgpulab.fuzz.tries=N)%n", name, base, n);
        for (int i = first; i < last; i++) {
            T value = generator.draw(new SplittableRandom(base + i * 0x9E3779B97F4A7C15L));
            Throwable failure = failure(property, value);
            if (failure != null) {
                throw shrunk(name, base, i, n, value, failure, simpler, property);
            }
        }
        System.out.printf("%s: %d tries held%n", name, Math.max(0, last - first));
        return Math.max(0, last - first);
    }

    /**
     * Checks {@code property} on one value chosen rather than drawn (a tour through every kind of action); on a failure,
     * shrinks it as {@link #check} does and throws.
     */
    static <T> void checkChosen(String name, T value, Function<T, Stream<T>> simpler, Property<T> property) {
        Throwable failure = failure(property, value);
        if (failure != null) {
            throw shrunk(name + " (chosen value)", 0, 0, 1, value, failure, simpler, property);
        }
        System.out.printf("%s: the chosen value held%n", name);
    }

    private static <T> AssertionError shrunk(String name, long base, int i, int n, T drawn, Throwable drawnFailure,
                                             Function<T, Stream<T>> simpler, Property<T> property) {
        T value = drawn;
        Throwable failure = drawnFailure;
        int steps = 0;
        int evaluations = 0;
        boolean progress = true;
        while (progress && evaluations < SHRINK_BUDGET) {
            progress = false;
            for (T candidate : (Iterable<T>) simpler.apply(value)::iterator) {
                if (evaluations++ >= SHRINK_BUDGET) {
                    break;
                }
                Throwable f = failure(property, candidate);
                if (f != null) {
                    value = candidate;
                    failure = f;
                    steps++;
                    progress = true;
                    break;
                }
            }
        }
        String report = name + ": falsified by try " + i + " of " + n + " (replay: -Dgpulab.fuzz.seed=" + base
                + " -Dgpulab.fuzz.case=" + i + ")\n  drawn:  " + drawn + "\n  shrunk: " + value + "   (" + steps
                + " shrinking steps, " + evaluations + " evaluations" + (evaluations >= SHRINK_BUDGET
                ? ", budget -Dgpulab.fuzz.shrinks=" + SHRINK_BUDGET + " spent" : "") + ")\n  the shrunk value fails: "
                + failure.getMessage();
        System.out.println(report);
        AssertionError e = new AssertionError(report, failure);
        e.addSuppressed(drawnFailure);
        return e;
    }

    private static <T> Throwable failure(Property<T> property, T value) {
        try {
            property.check(value);
            return null;
        } catch (Exception | AssertionError e) {
            return e;
        }
    }

    /**
     * The lists simpler than {@code list}: without a run of its elements (halves first, then quarters, down to single
     * elements), then with one element replaced by a simpler one.
     */
    static <E> Stream<List<E>> simplerLists(List<E> list, Function<E, Stream<E>> simplerElement) {
        Stream<List<E>> shorter = IntStream.iterate(Math.max(1, list.size() / 2), k -> k >= 1, k -> k / 2).boxed()
                .flatMap(k -> IntStream.iterate(0, from -> from < list.size(), from -> from + k)
                        .mapToObj(from -> without(list, from, Math.min(list.size(), from + k))));
        Stream<List<E>> each = IntStream.range(0, list.size()).boxed()
                .flatMap(at -> simplerElement.apply(list.get(at)).map(e -> replaced(list, at, e)));
        return Stream.concat(shorter.filter(l -> l.size() < list.size()), each);
    }

    private static <E> List<E> without(List<E> list, int from, int to) {
        List<E> out = new ArrayList<>(list.subList(0, from));
        out.addAll(list.subList(to, list.size()));
        return List.copyOf(out);
    }

    private static <E> List<E> replaced(List<E> list, int at, E e) {
        List<E> out = new ArrayList<>(list);
        out.set(at, e);
        return List.copyOf(out);
    }
}
