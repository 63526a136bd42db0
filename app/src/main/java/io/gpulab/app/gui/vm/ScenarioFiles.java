package io.gpulab.app.gui.vm;

import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.GeneratedScenario;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.snapshot.SnapshotFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Opening another scenario or a cluster's snapshot in place of the current lab and saving the lab's history as a
 * scenario file; asking first whenever opening, quitting or closing the window would throw away unsaved actions.
 */
public final class ScenarioFiles {

    private final WorkbenchViewModel vm;
    private DiscardGate discardGate = DiscardGate.ALLOW;
    /** The timeline's actions the last Save wrote (the same objects), oldest first: they are not lost by an open. */
    private List<LabHistory.Action> saved = List.of();

    ScenarioFiles(WorkbenchViewModel vm) {
        this.vm = vm;
    }

    /** Asked before opening another lab throws away actions; the desktop app shows a dialog. */
    public void setDiscardGate(DiscardGate gate) {
        this.discardGate = gate;
    }

    /**
     * Opens another scenario (built-in name or file) in place of the current lab; asks first when that
     * throws away actions (Undo cannot reach back past an open).
     */
    public boolean open(String scenario) {
        if (!mayDiscard("Open " + scenario)) {
            vm.hint("Kept the current lab: " + scenario + " was not opened");
            return false;
        }
        vm.status("Opening " + scenario + " ...", StatusKind.INFO);
        vm.tasks().execute(() -> vm.opener().open(scenario), vm::replaceLab,
                e -> vm.error("Cannot open " + scenario + ": " + e.getMessage()));
        return true;
    }

    /**
     * Whether {@code action} (opening another lab, quitting, closing the window) may throw away the actions no Save
     * wrote: asked only when there are some, so nothing the user did is lost without a question.
     */
    public boolean mayDiscard(String action) {
        int lost = unsaved();
        return lost == 0 || discardGate.allow(action, lost + " action" + (lost == 1 ? "" : "s") + " on "
                + vm.snapshot().scenario() + " (save them first with File → Save scenario)");
    }

    /**
     * How many of the timeline's actions no Save wrote: those after the longest start it shares with the last
     * saved file (an action undone and done again, or a clock run that went on, is a new action).
     */
    public int unsaved() {
        List<LabHistory.Action> now = vm.history().timeline();
        int same = 0;
        while (same < now.size() && same < saved.size() && now.get(same) == saved.get(same)) {
            same++;
        }
        return now.size() - same;
    }

    /**
     * File → Open snapshot once its files are chosen: a scenario written by {@code gpulab import snapshot} as it is, or
     * {@code kubectl get nodes,pods,resourcequotas,events -A -o yaml} dumps (one tenant per file, named after it)
     * imported into a scenario in {@code workDir}, then opened as {@link #open(String)} opens any scenario. A dump
     * that cannot be imported leaves the lab as it was and says why; what the import left out is counted.
     */
    public boolean openSnapshot(List<Path> chosen, Path workDir) {
        List<String> skipped = new ArrayList<>();
        Path scenario;
        try {
            scenario = SnapshotFiles.scenarioFor(chosen, workDir, skipped);
        } catch (IOException | RuntimeException e) {
            vm.error("Cannot open snapshot: " + e.getMessage());
            return false;
        }
        if (!open(scenario.toString())) {
            return false;
        }
        if (!skipped.isEmpty()) {
            vm.hint("Snapshot opened; not imported: " + skipped.size() + " item(s), e.g. " + skipped.get(0));
        }
        return true;
    }

    /**
     * Saves the lab's history as a scenario: the lab it started from (an edited lab's design, named as edited) and
     * the steps since the last reset, the scenario's own with their checks. The file the exports attach.
     */
    public void save(Path file) {
        try {
            RecordedScenario r = vm.recording();
            byte[] text = r.text().getBytes(StandardCharsets.UTF_8);
            OutputFile.write(file, GeneratedScenario.KIND, true, out -> out.write(text));
            // what the file holds: the actions up to the version on screen (time travel saves the version shown)
            WorkbenchHistory history = vm.history();
            saved = history.timeline().subList(0, Math.min(history.shownVersion(), history.timeline().size()));
            vm.wrote("the lab's history as the scenario " + r.name(), file);
        } catch (Exception e) {
            vm.error("Cannot save " + file + ": " + e.getMessage());
        }
    }
}
