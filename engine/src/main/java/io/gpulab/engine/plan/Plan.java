package io.gpulab.engine.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A parsed, validated plan.
 *
 * @param source      the file as given (or the built-in name), for messages
 * @param text        the file's text, printed in the report's appendix
 * @param name        {@code metadata.name}
 * @param description {@code metadata.description}, may be empty
 * @param question    the question the plan answers, as the user wrote it, or a default one
 * @param workload    what runs
 * @param candidates  two or more platforms, names unique
 * @param objectives  what "best" means, in the order the answer lists them; also the order in which the
 *                    recommendation breaks ties
 * @param sensitivity the arrival orders and growth steps to test the answer against, or {@code null}
 */
public record Plan(String source, String text, String name, String description, String question,
                   WorkloadSpec workload, List<Candidate> candidates, List<Objective> objectives,
                   @org.jspecify.annotations.Nullable SensitivitySpec sensitivity) {

    public Plan {
        candidates = List.copyOf(candidates);
        objectives = List.copyOf(objectives);
    }

    /** The same plan with other sensitivity settings ({@code --orders} on the command line). */
    public Plan withSensitivity(@org.jspecify.annotations.Nullable SensitivitySpec s) {
        return new Plan(source, text, name, description, question, workload, candidates, objectives, s);
    }

    /**
     * The file's name without its folders ({@code mixed-fleet.yaml}): what a report prints, since the path as given
     * names the author's folders and means nothing to a reader (the SHA-256 identifies the file).
     */
    public String fileName() {
        String name = source.substring(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
        return name.isEmpty() ? "plan.yaml" : name;
    }

    /** SHA-256 of the file's bytes (UTF-8), hex. */
    public String sha256() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** What the answer optimises, one sentence each. */
    public enum Objective {
        /** Every pod that can fit is placed, at the lowest cost (or fewest cards when unpriced). */
        PLACE_ALL("placeAll"),
        /** The lowest cost per placed pod. */
        COST_PER_POD("costPerPod"),
        /** The highest GPU allocation: the least capacity bought and left idle. */
        ALLOCATION("allocation"),
        /** The least stranded capacity. */
        STRANDED("stranded"),
        /** The fewest workers that place everything. */
        WORKERS("workers");

        private final String key;

        Objective(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        static String[] keys() {
            return java.util.Arrays.stream(values()).map(Objective::key).toArray(String[]::new);
        }

        static Objective of(String key) {
            for (Objective o : values()) {
                if (o.key.equals(key)) {
                    return o;
                }
            }
            throw new IllegalArgumentException(key);
        }
    }
}
