package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gpulab.engine.api.LabCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandHistoryTest {

    private final LabCommand submit = new LabCommand.SubmitPod("tenant-a", Map.of("kind", "Pod"));

    @Test
    void undoDropsOnlyTheLastAction() {
        CommandHistory h = new CommandHistory();
        h.record(submit);
        h.record(new LabCommand.Unlock("tenant-a", "tenant-a-worker"));
        assertEquals(List.of(submit), h.undo());
    }

    @Test
    void playTicksMergeIntoOneUndoableAdvance() {
        CommandHistory h = new CommandHistory();
        h.record(submit);
        h.record(new LabCommand.Advance(Duration.ofSeconds(15)));
        h.record(new LabCommand.Advance(Duration.ofSeconds(15)));
        assertEquals(List.of(submit, new LabCommand.Advance(Duration.ofSeconds(30))), h.commands());
        assertEquals(List.of(submit), h.undo());
    }

    @Test
    void resetStartsAFreshHistory() {
        CommandHistory h = new CommandHistory();
        h.record(submit);
        h.record(new LabCommand.Reset());
        assertFalse(h.canUndo());
    }
}
