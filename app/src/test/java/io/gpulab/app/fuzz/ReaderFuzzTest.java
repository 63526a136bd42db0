package io.gpulab.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.cli.CliRunner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.ArrayList;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated copies of what gpulab reads (the shipped scenarios, openb trace slices, HAMi annotations inside a
 * scenario) run through the real command line. Whatever the edit: exit 0, 1 or 2 within the time budget; a
 * refused file gets one screen naming the file and the line; never a stack trace. Each property prints its
 * base seed; a failure names the seed and the case that replay it ({@link SeededCases}).
 */
class ReaderFuzzTest {

    /** Per case: the slowest honest run here is an openb slice import plus its replay, well under a second. */
    private static final Duration BUDGET = Duration.ofSeconds(20);
    private static final Pattern STACK = Pattern.compile("\\n\\s+at [\\w.$]+\\(|Exception in thread|"
            + "\\b(java|javax|com|org|io|net)\\.[\\w.]+\\.[A-Z]\\w*(Exception|Error)\\b");
    private static final List<String> SCENARIOS = List.of("article", "lock-lifecycle", "running-is-not-proof");
    @TempDir
    static Path DIR;

    @Test
    void mutatedShippedScenariosNeverCrash() {
        Map<Integer, Integer> exits = SeededCases.run("mutated shipped scenarios", 1000, r -> {
            List<Mutation> edits = mutations(r, 3);
            String text = resource("/gpulab/scenarios/" + SeededCases.pick(r, SCENARIOS) + ".yaml");
            for (Mutation m : edits) {
                text = m.apply(text);
            }
            Path file = write("scenario.yaml", text);
            return assertClean(run("run", file.toString()), file, Set.of(0, 1, 2), edits);
        });
        assertReachesBoth(exits, "a refused file (2)", 2, "a file that ran (0 or 1)", 0, 1);
    }

    @Test
    void mutatedOpenbTracesNeverCrash() {
        Map<Integer, Integer> exits = SeededCases.run("mutated openb traces", 400, r -> {
            boolean mutateNodes = r.nextBoolean();
            List<Mutation> edits = mutations(r, 3);
            String nodes = resource("/openb/nodes-slice.csv");
            String pods = resource("/openb/pods-slice.csv");
            for (Mutation m : edits) {
                if (mutateNodes) {
                    nodes = m.apply(nodes);
                } else {
                    pods = m.apply(pods);
                }
            }
            Path nodesFile = write("nodes.csv", nodes);
            Path podsFile = write("pods.csv", pods);
            Path out = DIR.resolve("openb.yaml");
            int exit = assertClean(run("import", "openb", nodesFile.toString(), podsFile.toString(), "--out",
                    out.toString()), mutateNodes ? nodesFile : podsFile, Set.of(0, 2), edits);
            if (exit == 0) {
                // what the importer accepted must load and replay
                assertClean(run("run", out.toString()), out, Set.of(0, 1), edits);
            }
            return exit;
        });
        assertReachesBoth(exits, "a refused trace (2)", 2, "an imported trace (0)", 0, 0);
    }

    @Test
    void mutatedHamiAnnotationsNeverCrash() {
        Map<Integer, Integer> exits = SeededCases.run("mutated HAMi annotations", 800, r -> {
            String[] values = HamiScenario.VALUES.clone();
            int which = r.nextInt(values.length);
            List<CharEdit> edits = new ArrayList<>();
            for (int n = 1 + r.nextInt(4); n > 0; n--) {
                String token = r.nextInt(3) < 2 ? SeededCases.pick(r, ANNOTATION_TOKENS) : SeededCases.string(r, 6);
                edits.add(new CharEdit(SeededCases.pick(r, CharEdit.Kind.class), r.nextDouble(), token));
            }
            for (CharEdit e : edits) {
                values[which] = e.apply(values[which]);
            }
            Path file = write("hami.yaml", HamiScenario.yaml(values));
            // a garbled annotation is data HAMi reads (a node unregistered, an allocation skipped), not a bad file,
            // yet a value YAML cannot hold is still a located error
            return assertClean(run("run", file.toString()), file, Set.of(0, 1, 2), edits);
        });
        assertTrue(SeededCases.replaying() || exits.getOrDefault(0, 0) + exits.getOrDefault(1, 0) > 0,
                "no garbled annotation ever reached the lab: " + exits);
    }

    private static final List<String> ANNOTATION_TOKENS = List.of(",", ":", ";", "\"", "{", "}", "[", "]", "-1",
            "999999999999", "NVIDIA", "GPU-a", " ", "", "\\", "null", "1e9", "2147483648");

    /** One to {@code max} edits, each writing an awkward value or a random short string. */
    private static List<Mutation> mutations(SplittableRandom r, int max) {
        List<Mutation> edits = new ArrayList<>();
        for (int n = 1 + r.nextInt(max); n > 0; n--) {
            String token = r.nextBoolean() ? SeededCases.pick(r, Mutation.AWKWARD) : SeededCases.string(r, 12);
            edits.add(new Mutation(SeededCases.pick(r, Mutation.Kind.class), r.nextDouble(), r.nextDouble(), token));
        }
        return edits;
    }

    /** The edits must reach both outcomes, or the suite would test only the reader's first line of defence. */
    private static void assertReachesBoth(Map<Integer, Integer> exits, String refused, int refusedCode,
                                          String ran, int ranLow, int ranHigh) {
        if (SeededCases.replaying()) {
            return;
        }
        assertTrue(exits.getOrDefault(refusedCode, 0) > 0, "no case ended in " + refused + ": " + exits);
        int reached = 0;
        for (int code = ranLow; code <= ranHigh; code++) {
            reached += exits.getOrDefault(code, 0);
        }
        assertTrue(reached > 0, "no case ended in " + ran + ": " + exits);
    }

    private static CliRunner.Result run(String... args) {
        return assertTimeoutPreemptively(BUDGET, () -> CliRunner.run(args), () -> "over " + BUDGET.toSeconds()
                + " s: gpulab " + String.join(" ", args));
    }

    /** Exit code allowed; a refusal on one screen naming file and line; no stack trace anywhere. */
    private static int assertClean(CliRunner.Result r, Path file, Set<Integer> exits, Object edits) {
        String all = r.out() + r.err();
        String why = "edits " + edits + "\nexit " + r.exit() + "\nstderr: " + clip(r.err());
        assertTrue(exits.contains(r.exit()), why);
        assertFalse(STACK.matcher(all).find(), "a stack trace: " + why);
        if (r.exit() == 2) {
            String err = r.err().strip();
            assertTrue(err.lines().count() <= 12 && err.length() <= 2000, "more than one screen: " + why);
            String first = err.lines().findFirst().orElse("");
            assertTrue(first.startsWith("gpulab: " + file + ":") || first.startsWith("gpulab: import openb: " + file
                    + ":"), "does not name the file: " + why);
            assertTrue(Pattern.compile(Pattern.quote(file.toString()) + ":\\d+: ").matcher(first).find(),
                    "does not name the line: " + why);
        }
        return r.exit();
    }

    private static String clip(String s) {
        return s.length() > 3000 ? s.substring(0, 3000) + "..." : s;
    }

    /** An edit can split a surrogate pair; the encoder writes '?' there, as a careless tool would. */
    private static Path write(String name, String text) throws IOException {
        return Files.write(DIR.resolve(name), text.getBytes(StandardCharsets.UTF_8));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ReaderFuzzTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
