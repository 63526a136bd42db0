package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.PodTemplate;
import io.gpulab.app.gui.vm.StatusKind;
import io.gpulab.app.gui.vm.FreshArticleLab;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab editor: each change one undoable engine command, and File → Save writes a scenario that
 * {@code gpulab run} reads back to the same lab.
 */
class LabEditorRoundTripTest extends FreshArticleLab {

    @TempDir
    Path dir;
    private final PodTemplate article = PodTemplate.builtIns().get(0);

    private void editTheLab() {
        vm.editor().edit("add tenant-c", d -> d.addTenant("tenant-c"));
        vm.editor().edit("2 x A100-80GB on tenant-c-worker", d -> d.addCards("tenant-c", "tenant-c-worker", "A100-80GB", 2));
        vm.editor().edit("tenant-a-worker 16 CPU / 64 GiB", d -> d.setWorker("tenant-a", "tenant-a-worker", 16, 65536));
        vm.editor().edit("add tenant-b-worker-2", d -> d.addWorker("tenant-b", "tenant-b-worker-2", 8, 32768));
        vm.editor().edit("1 x L4 on tenant-b-worker-2", d -> d.addCards("tenant-b", "tenant-b-worker-2", "L4-24GB", 1));
        vm.editor().edit("remove an L4 from tenant-b-worker", d -> d.removeCard("tenant-b", "tenant-b-worker", 0));
        vm.editor().edit("deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
    }

    /** What a user sees of a lab: workers with their size, cards with their use, pods with phase and node. */
    private static List<String> shape(LabSnapshot s) {
        List<String> out = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (NodeView n : t.nodes()) {
                out.add(t.name() + "/" + n.name() + " " + n.cpu() + " CPU " + n.memoryMiB() + " MiB");
                for (CardView c : n.cards()) {
                    out.add("  " + c.id() + " " + c.type() + " " + c.usedMemMB() + "/" + c.memMB() + " MB "
                            + c.usedSlots() + "/" + c.slots() + " slots");
                }
            }
            for (PodView p : t.pods()) {
                out.add("  pod " + p.key() + " " + p.phase() + " " + p.node());
            }
        }
        return out;
    }

    @Test
    void eachEditIsOneEngineCommandAndUndoTakesItBack() {
        editTheLab();
        assertEquals(7, vm.history().timeline().size());
        assertTrue(vm.history().timeline().stream()
                .allMatch(e -> e.applied().get(0).command() instanceof LabCommand.Redesign));
        TenantView c = vm.snapshot().tenant("tenant-c").orElseThrow();
        assertEquals(2, c.nodes().get(0).cards().size());
        assertEquals(4, c.nodes().get(0).cards().get(0).slots(), "deviceSplitCount 4 applies to new cards");
        vm.history().undo();
        assertEquals(10, vm.snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cards().get(0).slots());
        for (int i = 0; i < 6; i++) {
            vm.history().undo();
        }
        assertFalse(vm.snapshot().tenant("tenant-c").isPresent(), "back to the article's two tenants");
    }

    @Test
    void anEditTheScenarioFormatRejectsIsRefusedWithItsReason() {
        vm.editor().edit("remove both tenants", d -> d.removeTenant("tenant-a").removeTenant("tenant-b"));
        assertEquals(StatusKind.ERROR, vm.statusKindProperty().get());
        assertTrue(vm.statusProperty().get().contains("at least one tenant"), vm.statusProperty().get());
        assertEquals(0, vm.history().timeline().size());
    }

    @Test
    void resetOfAnEditedLabKeepsTheDesign() {
        editTheLab();
        vm.submitTemplate(article, "tenant-c", null);
        vm.reset();
        assertTrue(vm.snapshot().tenant("tenant-c").orElseThrow().pods().isEmpty());
        assertEquals(16, vm.snapshot().tenant("tenant-a").orElseThrow().nodes().get(0).cpu());
    }

    @Test
    void savedScenarioRunsBackToTheSameLab() throws Exception {
        editTheLab();
        vm.submitTemplate(article, "tenant-c", null);
        vm.submitTemplate(article, "tenant-b", null);
        vm.submitTemplate(PodTemplate.builtIns().get(1), "tenant-a", null);
        Path file = dir.resolve("my-platform.yaml");
        vm.files().save(file);

        assertEquals(vm.editor().design().spec(), new ScenarioReader().read(file).lab(), "the saved lab section reads back");
        CliHarness.Result run = CliHarness.run("run", file.toString());
        assertEquals(0, run.exit(), run.err() + run.out());

        EngineLabOpener opener = EngineLabOpener.sim();
        OpenedLab replayed = opener.open(file.toString());
        replayed.playable().forEach(s -> s.command().ifPresent(c -> replayed.backend().execute(c)));
        assertEquals(shape(vm.snapshot()), shape(replayed.backend().snapshot()));
        replayed.backend().close();
    }
}
