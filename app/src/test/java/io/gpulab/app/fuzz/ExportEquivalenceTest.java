package io.gpulab.app.fuzz;

import io.gpulab.app.fuzz.GuiHistory.History;
import io.gpulab.app.fuzz.GuiHistory.Move;
import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One evidence path (docs/workbench.md), as a property: for any history of the workbench's actions (Next step, Play,
 * Play up to a step, drops on tenants, cards and worker rows, the custom pod form, pasted YAML, deletes, the clock,
 * faults, lifecycle and policy, the tenant control plane's components, replicas, write permissions, Konnectivity
 * server and upgrade, DataStore members and access, management nodes, Undo, Redo, Reset, time travel and back,
 * lab-editor changes, opening another scenario or a snapshot of kubectl dumps, a walkthrough's Start, Back and Next,
 * Save then reopen), the review report the workbench exports says, line by line, what {@code gpulab run} of the
 * scenario it attaches says (each check's verdict, step, line, expected and observed values, what did not hold), and
 * what the workbench showed when each step was played; the checks not reached are NOT RUN, never PASS; the lab it
 * draws is the lab on screen; and, for one history in four (a PDF takes longer to write than the rest of a try), the
 * SHA-256 the PDF prints is that of the file it attaches and its count of passed checks is gpulab run's. Histories are
 * generated and a failing one is shrunk to a short one ({@link ShrinkingProperty}): 300 tries from a fixed seed in CI,
 * {@code -Dgpulab.fuzz.tries=N -Dgpulab.fuzz.seed=S} for more (docs/architecture.md, "Tests"). The actions are sent as
 * the commands their controls send, which keeps 300 tries fast; {@code ClickedExportEquivalenceTest} clicks the
 * menus, toolbar and dialogs themselves, on fewer tries.
 */
class ExportEquivalenceTest {

    /** What every run must reach besides each kind of action. */
    static final List<String> REACHED = List.of("PASS", "FAIL", "NOT RUN", "own actions between steps", "edited lab",
            "history refused a step", "a past version exported", "PDF read back", "a saved history reopened",
            "a snapshot opened", "a snapshot refused");

    @TempDir
    static Path dir;

    @Test
    void theReportOfAnyHistorySaysWhatGpulabRunOfItsAttachedScenarioSays() {
        ExportEquivalence property = new ExportEquivalence(dir);
        ShrinkingProperty.check("export equivalence", 300, 20L, History::draw, History::simpler,
                h -> holds(property, h));
        property.assertReached(REACHED, List.of(Move.values()));
    }

    private static void holds(ExportEquivalence property, History h) throws Exception {
        EngineLabOpener opener = EngineLabOpener.sim();
        WorkbenchViewModel vm = new WorkbenchViewModel(opener.open(h.scenario()), opener,
                new CurrentThreadTaskExecutor(), x -> { });
        // the walkthrough panel follows the lab as WorkbenchView wires it
        WalkthroughViewModel wvm = new WalkthroughViewModel(GuiHistory.WALKTHROUGHS);
        vm.history().versionsProperty().addListener((o, a, v) -> wvm.update(v));
        wvm.update(vm.history().versionsProperty().get());
        try {
            property.play(h, vm, wvm, new CommandHands(property));
        } finally {
            vm.close();
        }
    }
}
