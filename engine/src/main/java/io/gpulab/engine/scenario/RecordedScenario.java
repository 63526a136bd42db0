package io.gpulab.engine.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.lab.LabSpec;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A lab's history written as a scenario (docs/workbench.md, "The lab's history as a scenario"): the lab it started
 * from (the opened scenario's, or the lab editor's design), then every step taken since, in order. A playable step of
 * the opened scenario is copied as written, with its names and checks; an action of the user's own is the step that
 * does the same ({@link CommandStep}). {@code gpulab run} of {@link #text()} replays the history and judges exactly
 * the checks the history reached; the checks it did not reach are {@link #notRun()}. A whole scenario played in order
 * on its own lab is the scenario file itself, byte for byte.
 *
 * @param name     the lab's name: the scenario's, or {@code NAME (edited)} after the lab editor changed it
 * @param text     the scenario document
 * @param origin   the scenario the lab was opened from
 * @param played   how many of its playable steps the history played (in order, from the first)
 * @param playable how many playable steps it has
 * @param own      how many of the history's steps are the user's own actions
 * @param notRun   the checks of its playable steps not played yet, in file order
 */
public record RecordedScenario(String name, String text, String origin, int played, int playable, int own,
                               List<NotRun> notRun) {

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            // a long description stays one line, not a quoted string continued with backslashes
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The {@code metadata.generator} of a history gpulab wrote (File → Save scenario, {@code --scenario-out}). */
    public static final String GENERATOR = "gpulab lab history";

    public RecordedScenario {
        notRun = List.copyOf(notRun);
    }

    /** The history in a few words: {@code after 1 of article's 5 steps and 2 actions of the user's own}. */
    public String after() {
        return after(origin, played, playable, own);
    }

    /** As {@link #after()}, for these counts. */
    public static String after(String origin, int played, int playable, int own) {
        if (played == 0 && own == 0) {
            return "as built (no step played)";
        }
        String p = played == playable ? "after the scenario's " + playable + " step" + (playable == 1 ? "" : "s")
                : "after " + played + " of " + origin + "'s " + playable + " step" + (playable == 1 ? "" : "s");
        return own == 0 ? p : p + " and " + own + " action" + (own == 1 ? "" : "s") + " of the user's own";
    }

    /**
     * The scenario as opened, nothing played: its own text, every check not run (the lab of a real cluster is
     * observed, not made by the scenario's steps).
     */
    public static RecordedScenario unplayed(Origin origin) {
        RecordedScenario none = of(origin, null, List.of());
        return new RecordedScenario(none.name(), origin.source(), none.origin(), 0, none.playable(), 0, none.notRun());
    }

    /**
     * A check of the opened scenario the history has not reached.
     *
     * @param step     its 1-based place among the scenario's steps
     * @param playable the playable step it belongs to
     * @param title    its name, else the step in words
     */
    public record NotRun(int step, int playable, String title) { }

    /** One step of a history: a playable step of the opened scenario, or an action of the user's own. */
    public sealed interface Item {

        /** The opened scenario's playable step {@code number} (1-based). */
        record Played(int number) implements Item { }

        /** An action of the user's own, accepted by the lab. */
        record Own(LabCommand command) implements Item { }
    }

    /** The scenario a lab was opened from: its text as read, what it reads as, its playable steps. */
    public static final class Origin {
        private final String source;
        private final Scenario scenario;
        private final List<PlayableStep> playable;
        private @Nullable ObjectNode document;

        public Origin(String source, Scenario scenario) {
            this.source = source;
            this.scenario = scenario;
            this.playable = PlayableStep.of(scenario);
        }

        public String source() {
            return source;
        }

        public Scenario scenario() {
            return scenario;
        }

        public List<PlayableStep> playable() {
            return playable;
        }

        /** The document tree, parsed when first needed (a history of the scenario's own steps only never needs it). */
        synchronized ObjectNode document() {
            if (document == null) {
                document = parse(source, "scenario");
            }
            return document;
        }

        /** The file's step nodes of playable step {@code number}, as written. */
        List<JsonNode> steps(int number) {
            PlayableStep p = playable.get(number - 1);
            JsonNode all = document().path("steps");
            List<JsonNode> out = new ArrayList<>(p.steps().size());
            for (int i = 0; i < p.steps().size(); i++) {
                out.add(all.get(p.first() + i));
            }
            return out;
        }
    }

    /**
     * The history {@code items} on the lab of {@code origin}, or of {@code edited} when the lab editor changed it.
     *
     * @throws IllegalArgumentException when the playable steps are not 1, 2, ... in order (no history plays a step
     *                                  twice or skips one)
     */
    public static RecordedScenario of(Origin origin, @Nullable LabDesign edited, List<Item> items) {
        int played = 0;
        int own = 0;
        for (Item item : items) {
            if (item instanceof Item.Played p) {
                if (p.number() != played + 1 || p.number() > origin.playable().size()) {
                    throw new IllegalArgumentException("playable step " + p.number() + " after " + played
                            + " of " + origin.playable().size() + ": a history plays them once each, in order");
                }
                played++;
            } else {
                own++;
            }
        }
        List<NotRun> notRun = new ArrayList<>();
        for (PlayableStep p : origin.playable().subList(played, origin.playable().size())) {
            for (int i = 0; i < p.steps().size(); i++) {
                Step s = p.steps().get(i);
                if (s.isCheck()) {
                    notRun.add(new NotRun(p.first() + i + 1, p.number(), PlayableStep.titleOf(s)));
                }
            }
        }
        String name = edited != null ? edited.spec().name() : origin.scenario().name();
        boolean whole = edited == null && own == 0 && played == origin.playable().size();
        String text = whole ? origin.source() : write(base(origin, edited), steps(origin, items));
        return new RecordedScenario(name, text, origin.scenario().name(), played, origin.playable().size(), own,
                notRun);
    }

    /**
     * Where a history stops reading as a scenario.
     *
     * @param item    the index (0-based) of the first item whose steps do not read
     * @param problem what is wrong, in the scenario reader's words (without file and line)
     */
    public record Unreadable(int item, String problem) { }

    /**
     * The first item of {@code items} that would make the history not read back as a scenario, as {@code gpulab run}
     * would read its text (the rules of a hand-written file: a pod created twice, a step on a tenant the edited lab no
     * longer has, ...); null when the whole history reads.
     */
    public static @Nullable Unreadable firstUnreadable(Origin origin, @Nullable LabDesign edited, List<Item> items) {
        boolean own = items.stream().anyMatch(Item.Own.class::isInstance);
        if (edited == null && !own) {
            return null; // the first steps of a scenario that was read: they read
        }
        LabSpec lab = edited != null ? edited.spec() : origin.scenario().lab();
        ArrayNode steps = JsonNodeFactory.instance.arrayNode();
        List<Integer> itemOfStep = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ArrayNode one = steps(origin, List.of(items.get(i)));
            steps.addAll(one);
            for (int k = 0; k < one.size(); k++) {
                itemOfStep.add(i);
            }
        }
        // one step a line, so the reader's "submitted on line N" names a step of the history
        StringBuilder json = new StringBuilder("{\"steps\": [\n");
        try {
            for (int i = 0; i < steps.size(); i++) {
                json.append(JSON.writeValueAsString(steps.get(i))).append(i + 1 < steps.size() ? ",\n" : "\n");
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the history: " + e.getOriginalMessage(), e);
        }
        json.append("]}\n");
        try {
            new StepReader(lab).read(ScenarioNode.root(LocatedTree.of("the lab's history", json.toString(), true))
                    .get("steps"));
            return null;
        } catch (ScenarioException e) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^steps\\[(\\d+)]").matcher(e.path());
            int step = m.find() ? Integer.parseInt(m.group(1)) : itemOfStep.size() - 1;
            String where = e.path().replaceFirst("^steps\\[\\d+]\\.?", "");
            java.util.regex.Matcher line = java.util.regex.Pattern.compile("on line (\\d+)").matcher(e.problem());
            String problem = line.replaceAll(r -> "by step " + (Integer.parseInt(r.group(1)) - 1)
                    + " of the lab's history");
            return new Unreadable(itemOfStep.isEmpty() ? 0 : itemOfStep.get(Math.min(step, itemOfStep.size() - 1)),
                    (where.isEmpty() ? "" : where + ": ") + problem);
        }
    }

    /** The lab document the history starts from: the edited design, else the opened scenario without its steps. */
    private static ObjectNode base(Origin origin, @Nullable LabDesign edited) {
        ObjectNode doc = edited != null ? parse(edited.yaml(), "lab design") : origin.document().deepCopy();
        doc.remove("steps");
        return doc;
    }

    private static ArrayNode steps(Origin origin, List<Item> items) {
        ArrayNode steps = JsonNodeFactory.instance.arrayNode();
        for (Item item : items) {
            if (item instanceof Item.Played p) {
                origin.steps(p.number()).forEach(steps::add);
            } else {
                steps.add(YAML.valueToTree(CommandStep.of(((Item.Own) item).command())));
            }
        }
        return steps;
    }

    private static String write(ObjectNode lab, ArrayNode steps) {
        if (!steps.isEmpty()) {
            lab.set("steps", steps);
        }
        // text gpulab wrote carries its marks: a copy cut at a step boundary would otherwise replay the steps it has
        // and pass (the whole scenario played on its own lab is the user's file as written, without them)
        GeneratedScenario.mark(lab, GENERATOR);
        try {
            return YAML.writeValueAsString(lab);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the recorded scenario: " + e.getOriginalMessage(), e);
        }
    }

    private static ObjectNode parse(String text, String what) {
        try {
            if (YAML.readTree(text) instanceof ObjectNode o) {
                return o;
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(what + ": " + e.getOriginalMessage(), e);
        }
        throw new IllegalArgumentException(what + ": the document is not a mapping");
    }
}
