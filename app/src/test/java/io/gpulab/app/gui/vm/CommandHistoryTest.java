package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandHistoryTest {

    private final LabCommand submit = new LabCommand.SubmitPod("tenant-a", Map.of("kind", "Pod"));
    private final LabSnapshot initial = Fixtures.articleAfterFourPods(false);
    private final LabSnapshot after = Fixtures.articleAfterFourPods(true);

    @Test
    void undoDropsOnlyTheLastAction() {
        CommandHistory h = new CommandHistory(initial, 0);
        h.record(submit, after, 1);
        h.record(new LabCommand.Unlock("tenant-a", "tenant-a-worker"), after, 2);
        assertEquals(List.of(submit), h.undo());
        assertEquals(List.of(initial, after), h.versionsSinceReset());
    }

    @Test
    void playTicksMergeIntoOneUndoableAdvance() {
        CommandHistory h = new CommandHistory(initial, 0);
        h.record(submit, after, 1);
        h.record(new LabCommand.Advance(Duration.ofSeconds(15)), after, 1);
        h.record(new LabCommand.Advance(Duration.ofSeconds(15)), after, 1);
        assertEquals(List.of(submit, new LabCommand.Advance(Duration.ofSeconds(30))), h.commands());
        assertEquals(List.of(submit), h.undo());
    }

    @Test
    void resetStartsAFreshRunThatUndoTakesBack() {
        CommandHistory h = new CommandHistory(initial, 0);
        h.record(submit, after, 1);
        h.record(new LabCommand.Reset(), initial, 0);
        assertTrue(h.commands().isEmpty());
        assertEquals(List.of(initial), h.versionsSinceReset());
        assertTrue(h.canUndo());
        assertEquals(List.of(submit), h.undo());
        assertEquals(List.of(submit), h.commands());
    }
}
