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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.Size;

/**
 * Mutated copies of what gpulab reads (the shipped scenarios, openb trace slices, HAMi annotations inside a
 * scenario) run through the real command line. Whatever the edit: exit 0, 1 or 2 within the time budget; a
 * refused file gets one screen naming the file and the line; never a stack trace. jqwik prints each
 * property's seed with its report (and keeps failing ones in {@code .jqwik-database}); a failure replays
 * with {@code @Property(seed = "...")}.
 */
class ReaderFuzzTest {

    /** Per case: the slowest honest run here is an openb slice import plus its replay, well under a second. */
    private static final Duration BUDGET = Duration.ofSeconds(20);
    private static final Pattern STACK = Pattern.compile("\\n\\s+at [\\w.$]+\\(|Exception in thread|"
            + "\\b(java|javax|com|org|io|net)\\.[\\w.]+\\.[A-Z]\\w*(Exception|Error)\\b");
    private static final List<String> SCENARIOS = List.of("article", "lock-lifecycle", "running-is-not-proof");
    private static final Path DIR = tempDir();

    @Property(tries = 1000)
    void mutatedShippedScenariosNeverCrash(@ForAll("scenarios") String name,
                                           @ForAll @Size(min = 1, max = 3) List<@From("mutations") Mutation> edits)
            throws IOException {
        String text = resource("/gpulab/scenarios/" + name + ".yaml");
        for (Mutation m : edits) {
            text = m.apply(text);
        }
        Path file = write("scenario.yaml", text);
        CliRunner.Result r = run("run", file.toString());
        assertClean(r, file, Set.of(0, 1, 2), edits);
    }

    @Property(tries = 400)
    void mutatedOpenbTracesNeverCrash(@ForAll boolean mutateNodes,
                                      @ForAll @Size(min = 1, max = 3) List<@From("mutations") Mutation> edits)
            throws IOException {
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
        CliRunner.Result r = run("import", "openb", nodesFile.toString(), podsFile.toString(), "--out",
                out.toString());
        assertClean(r, mutateNodes ? nodesFile : podsFile, Set.of(0, 2), edits);
        if (r.exit() == 0) {
            // what the importer accepted must load and replay
            assertClean(run("run", out.toString()), out, Set.of(0, 1), edits);
        }
    }

    @Property(tries = 800)
    void mutatedHamiAnnotationsNeverCrash(@ForAll("annotations") int which,
                                          @ForAll @Size(min = 1, max = 4) List<@From("charEdits") CharEdit> edits)
            throws IOException {
        String[] values = HamiScenario.VALUES.clone();
        for (CharEdit e : edits) {
            values[which] = e.apply(values[which]);
        }
        Path file = write("hami.yaml", HamiScenario.yaml(values));
        // a garbled annotation is data HAMi reads (a node unregistered, an allocation skipped), not a bad file,
        // yet a value YAML cannot hold is still a located error
        assertClean(run("run", file.toString()), file, Set.of(0, 1, 2), edits);
    }

    @Provide
    Arbitrary<String> scenarios() {
        return Arbitraries.of(SCENARIOS);
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        Arbitrary<String> token = Arbitraries.oneOf(Arbitraries.of(Mutation.AWKWARD),
                Arbitraries.strings().ofMaxLength(12));
        return Combinators.combine(Arbitraries.of(Mutation.Kind.class), Arbitraries.doubles().between(0, 1),
                Arbitraries.doubles().between(0, 1), token).as(Mutation::new);
    }

    @Provide
    Arbitrary<Integer> annotations() {
        return Arbitraries.integers().between(0, HamiScenario.VALUES.length - 1);
    }

    @Provide
    Arbitrary<CharEdit> charEdits() {
        return Combinators.combine(Arbitraries.of(CharEdit.Kind.class), Arbitraries.doubles().between(0, 1),
                Arbitraries.oneOf(Arbitraries.of(",", ":", ";", "\"", "{", "}", "[", "]", "-1", "999999999999",
                        "NVIDIA", "GPU-a", " ", "", "\\", "null", "1e9", "2147483648"),
                        Arbitraries.strings().ofMaxLength(6))).as(CharEdit::new);
    }

    private static CliRunner.Result run(String... args) {
        return assertTimeoutPreemptively(BUDGET, () -> CliRunner.run(args), () -> "over " + BUDGET.toSeconds()
                + " s: gpulab " + String.join(" ", args));
    }

    /** Exit code allowed; a refusal on one screen naming file and line; no stack trace anywhere. */
    private static void assertClean(CliRunner.Result r, Path file, Set<Integer> exits, Object edits) {
        // the report shows how the cases ended, so a suite whose edits never reach the checks is seen
        Statistics.label("exit").collect(r.exit());
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
    }

    private static String clip(String s) {
        return s.length() > 3000 ? s.substring(0, 3000) + "..." : s;
    }

    private static Path write(String name, String text) throws IOException {
        return Files.writeString(DIR.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ReaderFuzzTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Path tempDir() {
        try {
            Path d = Files.createTempDirectory("gpulab-fuzz");
            d.toFile().deleteOnExit();
            return d;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
