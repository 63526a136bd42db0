package io.gpulab.app.fuzz;

import io.gpulab.app.gui.vm.PodTemplate;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.engine.scenario.BuiltinScenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * A workbench history as data that prints and shrinks: the scenario the lab is opened with and the user's actions in
 * order, each with its choices (which tenant, card, pod, template...), taken modulo what the lab has when it is done.
 */
final class GuiHistory {

    static final List<String> SCENARIOS = List.of("article", "lock-lifecycle", "running-is-not-proof");
    static final List<String> TENANTS = List.of("tenant-a", "tenant-b", "tenant-c");
    static final List<String> POD_NAMES = List.of("gpu-pod-1", "gpu-pod-2", "pasted", "pod-a");
    static final List<Integer> POD_MEM = List.of(20_000, 30_000, 90_000);
    /** One history in this many has its report written as a PDF and read back ({@code -Dgpulab.fuzz.pdfEvery=1}: all). */
    static final int PDF_EVERY = Integer.getInteger("gpulab.fuzz.pdfEvery", 4);

    private GuiHistory() {
    }

    enum Move {
        NEXT, NEXT2, PLAY, PLAY_UP_TO, DROP, DROP_ON_CARD, PASTE, DELETE, STEP_30S, PLUS_5M, RUN_CLOCK, UNLOCK,
        KONNECTIVITY, CARD_HEALTH, PLUGIN, KUBELET, CONTROL_PLANE, LOSE_REPLICA, SCALE_CONTROL_PLANE, WRITE_PERMISSIONS,
        LIFECYCLE, POLICY, UNDO, REDO, RESET, TIME_TRAVEL, RETURN_TO_NOW, EDIT, DATASTORE, DATASTORE_ACCESS,
        MANAGEMENT_NODE, KONNECTIVITY_SERVER, UPGRADE, CUSTOM_POD, OPEN, WALKTHROUGH, WALKTHROUGH_TEXT, SAVE_REOPEN,
        DROP_ON_WORKER, OPEN_SNAPSHOT
    }

    /**
     * One user action: what it is and its choices ({@code a}, {@code b}: which tenant, card, pod, template, how many
     * ticks..., taken modulo what the lab has when it is done), so a history is data that prints and shrinks.
     */
    record Act(Move move, int a, int b) {

        static Act draw(SplittableRandom r, List<Move> moves) {
            return new Act(SeededCases.pick(r, moves), r.nextInt(25), r.nextInt(25));
        }

        /** The same action with smaller choices; Next step twice becomes once; Play becomes Next step. */
        Stream<Act> simpler() {
            Stream<Act> kind = switch (move) {
                case NEXT2, PLAY, PLAY_UP_TO -> Stream.of(new Act(Move.NEXT, 0, 0));
                case RUN_CLOCK -> Stream.of(new Act(Move.STEP_30S, 0, 0));
                default -> Stream.empty();
            };
            Stream<Act> choices = Stream.of(new Act(move, 0, b), new Act(move, a, 0), new Act(move, a / 2, b))
                    .filter(x -> !x.equals(this));
            return Stream.concat(kind, choices).distinct();
        }

        @Override
        public String toString() {
            return switch (move) {
                case NEXT, NEXT2, PLAY, STEP_30S, PLUS_5M, LIFECYCLE, UNDO, REDO, RESET, RETURN_TO_NOW, SAVE_REOPEN ->
                        move.name();
                case OPEN -> "OPEN(" + OPENABLE.get(a % OPENABLE.size()) + ")";
                case OPEN_SNAPSHOT -> "OPEN_SNAPSHOT(dump " + a + ", " + (1 + b % 2) + " tenant" + (b % 2 == 0 ? ""
                        : "s") + (b % 5 == 4 ? " and a file cut short" : "") + ")";
                case WALKTHROUGH -> "WALKTHROUGH(" + WALKTHROUGHS.get(a % WALKTHROUGHS.size()).title() + ")";
                case WALKTHROUGH_TEXT -> "WALKTHROUGH_TEXT(" + browse(a, b) + ")";
                case CUSTOM_POD -> "CUSTOM_POD(tenant #" + a + ", " + CUSTOM.get(b % CUSTOM.size()) + (b % 2 == 0
                        ? ", on a card" : "") + ")";
                case DATASTORE, MANAGEMENT_NODE -> move + "(#" + a + ", " + b + ")";
                case PLAY_UP_TO -> "PLAY_UP_TO(" + (1 + a % 6) + ")";
                case RUN_CLOCK -> "RUN_CLOCK(" + (1 + a) + " ticks)";
                case TIME_TRAVEL -> "TIME_TRAVEL(version " + a + ")";
                case EDIT -> "EDIT(" + EDITS.get(a % EDITS.size()) + (a % EDITS.size() == 2 ? " " + TENANTS.get(b
                        % TENANTS.size()) : "") + ")";
                case DROP, DROP_ON_CARD, DROP_ON_WORKER -> move + "(tenant #" + a + ", " + PodTemplate.builtIns().get(b
                        % PodTemplate.builtIns().size()).id() + ")";
                case PASTE -> "PASTE(tenant #" + a + ", " + POD_NAMES.get(b % POD_NAMES.size()) + ", "
                        + POD_MEM.get(b % POD_MEM.size()) + " MB)";
                case DELETE -> "DELETE(tenant #" + a + ", pod #" + b + ")";
                default -> move + "(tenant #" + a + ", " + b + ")";
            };
        }
    }

    /** What File → Open built-in scenario offers. */
    static final List<String> OPENABLE = BuiltinScenarios.names();
    static final List<Walkthrough> WALKTHROUGHS = WalkthroughLoader.builtIns();
    /** The custom pod form's three fields as typed: GPUs, memory (MB), compute (%); some the form refuses. */
    static final List<List<String>> CUSTOM = List.of(List.of("1", "8000", "20"), List.of("2", "40,000", "50"),
            List.of("1", "90000", "0"), List.of("0", "8000", "20"), List.of("1", "8000", "120"),
            List.of("4", "20000", "100"), List.of("1", "x", "20"));

    /** Back and Next presses in the walkthrough panel: the low bits of {@code b}, 1: Next, 0: Back. */
    static String browse(int a, int b) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 1 + a % 4; i++) {
            out.append(((b >> i) & 1) == 1 ? "N" : "B");
        }
        return out.toString();
    }

    static final List<String> EDITS = List.of("add tenant-c", "deviceSplitCount 4", "remove",
            "2 x A100 on tenant-a-worker");

    /**
     * A history: the scenario the lab is opened with and the user's actions, in order; {@code pdf}: the report is also
     * written as a PDF and read back (one history in {@link #PDF_EVERY}: writing it takes longer than all the rest).
     */
    record History(String scenario, List<Act> acts, boolean pdf) {

        /** A history of any of the workbench's actions. */
        static History draw(SplittableRandom r) {
            return draw(r, List.of(Move.values()));
        }

        /** A history of these actions only. */
        static History draw(SplittableRandom r, List<Move> moves) {
            boolean pdf = r.nextInt(PDF_EVERY) == 0;
            String scenario = SeededCases.pick(r, SCENARIOS);
            List<Act> acts = new ArrayList<>();
            for (int n = 1 + r.nextInt(14); n > 0; n--) {
                acts.add(Act.draw(r, moves));
            }
            return new History(scenario, List.copyOf(acts), pdf);
        }

        /** Fewer or simpler actions, then the same on an earlier scenario of the list. */
        Stream<History> simpler() {
            Stream<History> shorter = ShrinkingProperty.simplerLists(acts, Act::simpler)
                    .map(l -> new History(scenario, l, pdf));
            Stream<History> earlier = SCENARIOS.subList(0, SCENARIOS.indexOf(scenario)).stream()
                    .map(s -> new History(s, acts, pdf));
            return Stream.concat(shorter, earlier);
        }

        @Override
        public String toString() {
            return scenario + " " + acts.size() + " actions " + acts + (pdf ? ", PDF read back" : "");
        }
    }
}
