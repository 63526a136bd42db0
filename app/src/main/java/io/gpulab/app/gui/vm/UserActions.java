package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.scenario.CommandStep;
import io.gpulab.engine.scenario.LabDesign;
import io.gpulab.engine.scenario.RecordedScenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The user's actions on the lab: each is sent as engine commands (a real cluster's writes through the write gate
 * first), and what the lab applied is recorded as one action of the lab's history (one Undo, one timeline stop), so
 * the history always reads back as a scenario (docs/workbench.md, "One lab history").
 */
final class UserActions {

    private final WorkbenchViewModel vm;
    private final WriteGate gate;

    UserActions(WorkbenchViewModel vm, WriteGate gate) {
        this.vm = vm;
        this.gate = gate;
    }

    /** Sends one command of the user's own through the write gate; one action when the lab accepts it. */
    void run(LabCommand command) {
        if (!vm.simulated() && ClusterWriteText.isWrite(command) && !vm.past().showing()
                && !gate.allow(ClusterWriteText.action(command), ClusterWriteText.detail(command, vm.backendId()))) {
            vm.status("Cancelled: nothing was sent to the cluster", StatusKind.WARNING);
            return;
        }
        act(CommandText.of(command), List.of(new RecordedScenario.Item.Own(command)), false,
                r -> r.applied().isEmpty() ? "Refused: " + r.refused() : LabReplay.describe(command, r.message()));
    }

    /**
     * Back to the lab's initial state, recorded like any action (Undo brings the lab back); an edited lab restarts
     * from its edited design. {@code why}: the status line then, or null for the reset's own words.
     */
    void reset(@org.jspecify.annotations.Nullable String why) {
        LabCommand c = vm.editor().resetCommand();
        if (why == null) {
            run(c);
            return;
        }
        act(CommandText.of(c), List.of(new RecordedScenario.Item.Own(c)), false,
                r -> r.applied().isEmpty() ? "Refused: " + r.refused() : why);
    }

    /** One tick of the running clock: ticks join one action until the clock is paused or something else is done. */
    void tick(Duration by) {
        act("Ran the clock", List.of(new RecordedScenario.Item.Own(new LabCommand.Advance(by))), true,
                r -> r.applied().isEmpty() ? "Refused: " + r.refused() : "Clock running (+" + Formats.duration(by) + ")");
    }

    /**
     * Runs {@code items} as one action of the user: first refusing the items from which the lab's history would
     * no longer read back as a scenario (docs/workbench.md), then applying the rest on the lab; whatever was
     * applied is recorded as one action. {@code describe} gives the status line.
     */
    void act(String label, List<RecordedScenario.Item> items, boolean clockRun, Function<LabRefresh, String> describe) {
        act(items, clockRun, false, a -> label, describe);
    }

    /**
     * As {@link #act(String, List, boolean, Function)}; with {@code oneEach} every item applied is an action of its
     * own, named by {@code label} (Play: one action per scenario step, as if Next step were pressed for each), else
     * all of them are one action.
     */
    void act(List<RecordedScenario.Item> items, boolean clockRun, boolean oneEach,
             Function<LabHistory.Applied, String> label, Function<LabRefresh, String> describe) {
        if (vm.past().refusesChange()) {
            return;
        }
        LabHistory history = vm.recorded();
        List<RecordedScenario.Item> all = new ArrayList<>(history.items());
        int before = all.size();
        all.addAll(items);
        LabDesign edited = vm.editor().editedDesign();
        boolean check = vm.simulated() && items.stream().anyMatch(i -> mayNotRead(i, vm.snapshot()));
        OpenedLab opened = vm.lab();
        LabBackend backend = opened.backend();
        vm.round(() -> {
            RecordedScenario.Unreadable u = check ? RecordedScenario.firstUnreadable(opened.origin(), edited, all) : null;
            int ok = u == null ? items.size() : Math.max(0, u.item() - before);
            LabRefresh r = LabReplay.apply(backend, opened.playable(), items.subList(0, ok));
            return u == null ? r : r.refusedBecause(u.problem());
        }, r -> {
            List<List<LabHistory.Applied>> actions = oneEach ? r.applied().stream().map(List::of).toList()
                    : List.of(r.applied());
            for (List<LabHistory.Applied> applied : actions) {
                if (!applied.isEmpty()) {
                    LabHistory.Action action = new LabHistory.Action(label.apply(applied.get(0)), applied, clockRun);
                    history.record(action);
                    if (action.rebuilds()) {
                        vm.namer().reset();
                    }
                }
            }
            String text = describe.apply(r);
            boolean failed = r.applied().stream().anyMatch(a -> a.results().stream().anyMatch(x -> !x.passed()));
            vm.status(text, r.applied().isEmpty() ? StatusKind.ERROR
                    : r.refused() != null || failed ? StatusKind.WARNING : StatusKind.OK);
        });
    }

    /**
     * Items that can make a history unreadable although the lab accepts them (a pod created twice, a scenario step on
     * an edited lab): every other command the lab accepts reads back as its step, and a create of a pod that exists
     * is refused by the lab itself, with the API server's words.
     */
    private static boolean mayNotRead(RecordedScenario.Item item, LabSnapshot now) {
        if (item instanceof RecordedScenario.Item.Played) {
            return true;
        }
        if (!(((RecordedScenario.Item.Own) item).command() instanceof LabCommand.SubmitPod p)) {
            return false;
        }
        String key = CommandStep.podKey(p.manifest());
        return now.tenant(p.tenant()).flatMap(t -> t.pod(key)).map(PendingBadge::isRefused).orElse(true);
    }
}
