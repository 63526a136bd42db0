package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The comparisons one check made, each with what was expected and what was observed, whether it held or
 * not: a passing check is evidence only when it says what it looked at.
 */
final class Comparisons {

    private final List<StepResult.Compared> compared = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    /** Equality; nothing is compared when {@code expected} is {@code null} (the key was not given). */
    void same(String field, @Nullable Object expected, @Nullable Object observed) {
        if (expected != null) {
            boolean held = Objects.equals(expected, observed);
            add(field, expected, observed, held, field + ": expected " + expected + ", observed " + observed);
        }
    }

    /** A comparison the caller decided, with the problem line to report when it did not hold. */
    void add(String field, Object expected, @Nullable Object observed, boolean held, String problem) {
        compared.add(new StepResult.Compared(field, expected, observed, held));
        if (!held) {
            problems.add(problem);
        }
    }

    /** A problem that is not a comparison (e.g. the thing to compare does not exist). */
    void problem(String problem) {
        problems.add(problem);
    }

    List<StepResult.Compared> compared() {
        return compared;
    }

    List<String> problems() {
        return problems;
    }
}
