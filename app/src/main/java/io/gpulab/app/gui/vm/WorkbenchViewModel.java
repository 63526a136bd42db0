package io.gpulab.app.gui.vm;

import io.gpulab.app.gui.fx.TaskExecutor;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.jspecify.annotations.Nullable;

/**
 * The workbench's state: the latest lab snapshot, the event log, the selection, the status line and
 * the command history. The only GUI class that talks to the engine; every change goes through
 * {@link LabBackend#execute(LabCommand)} on the task executor, results come back on the UI executor.
 */
public final class WorkbenchViewModel {

    private final LabOpener opener;
    private final WriteGate gate;
    private final TaskExecutor tasks;
    private final Executor ui;
    private final CommandHistory history;
    private final PodNamer namer = new PodNamer();
    private OpenedLab lab;
    private @Nullable AutoCloseable subscription;

    private final ReadOnlyObjectWrapper<LabSnapshot> snapshot;
    private final ObservableList<LabEvent> events = FXCollections.observableArrayList();
    private final ObjectProperty<@Nullable Selection> selection = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<@Nullable PodTrace> trace = new ReadOnlyObjectWrapper<>();
    private final StatusLine line = new StatusLine();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<List<LabSnapshot>> versions = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<@Nullable TimeTravel> past = new ReadOnlyObjectWrapper<>();
    private DiscardGate discardGate = DiscardGate.ALLOW;
    private final LabDesigns designs = new LabDesigns();

    /** A view-model that refuses writes to a real cluster (nobody to confirm them). */
    public WorkbenchViewModel(OpenedLab lab, LabOpener opener, TaskExecutor tasks, Executor ui) {
        this(lab, opener, WriteGate.DENY, tasks, ui);
    }

    /** {@code gate} is asked before every write to a real cluster; the simulated lab never asks. */
    public WorkbenchViewModel(OpenedLab lab, LabOpener opener, WriteGate gate, TaskExecutor tasks, Executor ui) {
        this.lab = lab;
        this.opener = opener;
        this.gate = gate;
        this.tasks = tasks;
        this.ui = ui;
        this.snapshot = new ReadOnlyObjectWrapper<>(lab.backend().snapshot());
        events.setAll(lab.backend().events());
        this.history = new CommandHistory(snapshot.get(), events.size());
        versions.set(history.versionsSinceReset());
        subscribe();
        selection.addListener((o, a, b) -> refreshTrace());
    }

    // ---- properties ----

    public ReadOnlyObjectProperty<LabSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public LabSnapshot snapshot() {
        return snapshot.get();
    }

    public ObservableList<LabEvent> events() {
        return events;
    }

    public ObjectProperty<@Nullable Selection> selectionProperty() {
        return selection;
    }

    public ReadOnlyObjectProperty<@Nullable PodTrace> traceProperty() {
        return trace.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return line.textProperty();
    }

    public ReadOnlyObjectProperty<StatusKind> statusKindProperty() {
        return line.kindProperty();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public BooleanProperty playingProperty() {
        return playing;
    }

    public String backendId() {
        return lab.backend().id();
    }

    /**
     * True on the simulated lab. On a real cluster the clock, faults, lifecycle, reset and undo do not
     * exist (the cluster cannot be rewound), and writes need the user's confirmation.
     */
    public boolean simulated() {
        return "sim".equals(backendId());
    }

    public List<LabCommand> history() {
        return history.commands();
    }

    /**
     * The lab as opened (or last reset) and after each action since, oldest first: what walkthrough
     * checks are evaluated on, so Undo and Reset change the ticks with the lab.
     */
    public ReadOnlyObjectProperty<List<LabSnapshot>> versionsProperty() {
        return versions.getReadOnlyProperty();
    }

    /** Every recorded action since the lab was opened, resets included, with the lab after it. */
    public List<CommandHistory.Entry> timeline() {
        return history.entries();
    }

    /** The lab as it was opened, before any action (the timeline's origin). */
    public LabSnapshot openedSnapshot() {
        return history.initial();
    }

    /** The steps the opened scenario would play. */
    public int scenarioStepCount() {
        return lab.steps().size();
    }

    /** The version shown instead of the live lab (read-only), or null when showing now. */
    public ReadOnlyObjectProperty<@Nullable TimeTravel> pastProperty() {
        return past.getReadOnlyProperty();
    }

    /**
     * Shows the lab as it was after the {@code index}-th recorded action (0: as opened): its cards, pods,
     * events and traces, rebuilt in a scratch lab. Read-only; the timeline's last index is now.
     */
    public void showVersion(int index) {
        List<CommandHistory.Entry> timeline = history.entries();
        if (index >= timeline.size()) {
            returnToNow();
            return;
        }
        if (!simulated()) {
            hint("Time travel needs the simulated lab: a real cluster cannot be rewound");
            return;
        }
        playing.set(false);
        String source = lab.sourceYaml();
        tasks.execute(() -> TimeTravel.at(opener, source, timeline, Math.max(0, index)), tt -> {
            closePast();
            past.set(tt);
            snapshot.set(tt.snapshot());
            events.setAll(tt.events());
            refreshTrace();
            setStatus("Viewing version " + tt.index() + " of " + timeline.size() + " (" + tt.label()
                    + "), read-only: Return to now to change the lab", StatusKind.INFO);
        }, e -> setStatus("Cannot rebuild that version: " + e.getMessage(), StatusKind.ERROR));
    }

    /** Back from a past version to the live lab. */
    public void returnToNow() {
        if (past.get() == null) {
            return;
        }
        closePast();
        snapshot.set(lab.backend().snapshot());
        events.setAll(lab.backend().events());
        refreshTrace();
        setStatus("Back to now", StatusKind.INFO);
    }

    private void closePast() {
        TimeTravel tt = past.get();
        past.set(null);
        if (tt != null) {
            tt.close();
        }
    }

    /** True (and says so) when a past version is shown: nothing may change until the user returns to now. */
    private boolean viewingPast() {
        if (past.get() == null) {
            return false;
        }
        hint("Viewing a past version (read-only): Return to now to change the lab");
        return true;
    }

    /** Asked before opening another lab throws away actions; the desktop app shows a dialog. */
    public void setDiscardGate(DiscardGate gate) {
        this.discardGate = gate;
    }

    // ---- commands ----

    /** Drops a palette template on a tenant ({@code cardId} null: HAMi picks) or on one card. */
    public void submitTemplate(PodTemplate template, String tenant, @Nullable String cardId) {
        String name = namer.next(snapshot(), template.id());
        run(new LabCommand.SubmitPod(tenant, template.manifest(name, cardId)));
    }

    /** Submits a dropped or pasted Pod YAML to a tenant; a bad document only sets the status. */
    public void submitYaml(String tenant, String source, String yamlText) {
        Map<String, Object> manifest;
        try {
            manifest = PodYaml.parse(source, yamlText);
        } catch (IllegalArgumentException e) {
            setStatus(e.getMessage(), StatusKind.ERROR);
            return;
        }
        run(new LabCommand.SubmitPod(tenant, manifest));
    }

    public void deletePod(String tenant, String podKey) {
        run(new LabCommand.DeletePod(tenant, podKey));
    }

    public void advance(Duration by) {
        run(new LabCommand.Advance(by));
    }

    /** Unlocks the node; on a real cluster only while it holds the lock shown now (the one confirmed). */
    public void unlock(String tenant, String node) {
        run(new LabCommand.Unlock(tenant, node, snapshot().tenant(tenant).flatMap(t -> t.node(node))
                .map(io.gpulab.engine.api.NodeView::lock).orElse(null)));
    }

    public void setKonnectivity(String tenant, boolean up) {
        run(new LabCommand.SetKonnectivity(tenant, up));
    }

    public void setCardHealth(String tenant, String cardId, boolean healthy) {
        run(new LabCommand.SetCardHealth(tenant, cardId, healthy));
    }

    public void restartPlugin(String tenant, String node) {
        run(new LabCommand.RestartPlugin(tenant, node));
    }

    public void setLifecycle(String mode) {
        run(new LabCommand.SetLifecycle(mode));
    }

    public void setWebhookPolicy(String tenant, String policy) {
        run(new LabCommand.SetWebhookFailurePolicy(tenant, policy));
    }

    /**
     * Back to the lab's initial state; recorded like any action, so Undo brings the lab back. An edited
     * lab restarts from its edited design (the scenario's lab is one Undo away).
     */
    public void reset() {
        LabCommand.Redesign edited = designs.currentRedesign(history.entries());
        run(edited == null ? new LabCommand.Reset() : designs.restart(edited));
    }

    /**
     * Changes the lab's design (the lab editor): {@code change} says what in one line; the new design is
     * read back through the scenario reader and sent as one undoable {@link LabCommand.Redesign}. Pods
     * and the clock start over, as the design is a new lab.
     */
    public void edit(String change, java.util.function.UnaryOperator<io.gpulab.engine.scenario.LabDesign> how) {
        if (!simulated()) {
            hint("The lab editor needs the simulated lab: a real cluster's tenants and cards are not edited here");
            return;
        }
        io.gpulab.engine.scenario.LabDesign next;
        try {
            next = how.apply(design());
        } catch (IllegalArgumentException e) {
            setStatus("Cannot change the lab: " + e.getMessage(), StatusKind.ERROR);
            return;
        }
        run(designs.redesign(next, change));
    }

    /** The lab's current design: the scenario as opened, or its last edit since. */
    public io.gpulab.engine.scenario.LabDesign design() {
        return designs.current(history.entries(), lab.sourceYaml());
    }

    /**
     * Plays the scenario's own steps on the current lab, in order, recording each: the ones not yet played
     * when the actions since the last reset are the scenario's first steps, else all of them.
     */
    public void playScenarioSteps() {
        int done = scenarioStepsPlayed();
        if (done > 0 && done < lab.steps().size()) {
            playSteps(lab.steps().subList(done, lab.steps().size()));
        } else {
            playScenarioSteps(Integer.MAX_VALUE);
        }
    }

    /** Plays the first {@code count} of the scenario's lab-changing steps. */
    public void playScenarioSteps(int count) {
        playSteps(lab.steps().subList(0, Math.min(count, lab.steps().size())));
    }

    /** Plays the scenario's next step (the first when the actions since the last reset are not its steps). */
    public void playNextScenarioStep() {
        int done = Math.max(0, scenarioStepsPlayed());
        if (done >= lab.steps().size()) {
            hint("All " + lab.steps().size() + " scenario steps are played; Reset (Ctrl+Shift+R) to start over");
            return;
        }
        playSteps(lab.steps().subList(done, done + 1));
    }

    /**
     * How many of the scenario's steps the actions since the last reset are, in order: -1 when the user
     * did something else in between.
     */
    public int scenarioStepsPlayed() {
        return LabReplay.stepsPlayed(history.commands(), lab.steps());
    }

    private void playSteps(List<LabCommand> steps) {
        if (viewingPast()) {
            return;
        }
        if (!steps.isEmpty() && !simulated() && !gate.allow("Play " + steps.size() + " scenario steps on "
                + backendId(), ClusterWriteText.steps(steps))) {
            setStatus("Cancelled: nothing was sent to the cluster", StatusKind.WARNING);
            return;
        }
        LabBackend backend = lab.backend();
        round(() -> LabReplay.replay(backend, steps), r -> {
            r.applied().forEach(e -> history.record(e.command(), e.after(), e.events(), false));
            report(r.result().accepted() ? "Played " + steps.size() + " scenario step" + (steps.size() == 1 ? "" : "s")
                    + " (" + Math.max(0, scenarioStepsPlayed()) + " of " + lab.steps().size() + ")"
                    : r.result().message(),
                    r.result().accepted());
        });
    }

    /** Undo is reset-and-replay: only the simulated lab can be rewound. */
    private boolean undoable() {
        return simulated() && history.canUndo();
    }

    /** Takes back the last action: reset, then replay everything before it. */
    public void undo() {
        if (viewingPast() || !undoable()) {
            return;
        }
        List<LabCommand> replay = history.undo();
        LabBackend backend = lab.backend();
        round(() -> {
            backend.execute(new LabCommand.Reset());
            return LabReplay.replay(backend, replay);
        }, r -> report("Undone (replayed " + replay.size() + " actions)", true));
    }

    /**
     * Opens another scenario (built-in name or file) in place of the current lab; asks first when that
     * throws away actions (Undo cannot reach back past an open).
     */
    public boolean open(String scenario) {
        int lost = history.entries().size();
        if (lost > 0 && !discardGate.allow("Open " + scenario, lost + " action" + (lost == 1 ? "" : "s")
                + " on " + snapshot().scenario() + " (save them first with File → Save scenario)")) {
            setStatus("Kept the current lab: " + scenario + " was not opened", StatusKind.WARNING);
            return false;
        }
        openNow(scenario);
        return true;
    }

    private void openNow(String scenario) {
        setStatus("Opening " + scenario + " ...", StatusKind.INFO);
        tasks.execute(() -> opener.open(scenario), this::swap,
                e -> setStatus("Cannot open " + scenario + ": " + e.getMessage(), StatusKind.ERROR));
    }

    /** Saves the lab as opened plus the actions taken since, as a scenario file. */
    public void save(Path file) {
        try {
            String source = designs.currentRedesign(history.entries()) == null ? lab.sourceYaml() : design().yaml();
            Files.writeString(file, ScenarioWriter.write(source, history.commands()));
            wrote("the scenario with " + history.commands().size() + " steps", file);
        } catch (Exception e) {
            setStatus("Cannot save " + file + ": " + e.getMessage(), StatusKind.ERROR);
        }
    }

    /** The scenario's checks, run in a fresh lab (for the report). */
    public List<ScenarioVerifier.Check> verify() throws Exception {
        return lab.verifier().verify();
    }

    /** The trace of one pod, straight from the engine (for the report). */
    public PodTrace traceOf(String tenant, String podKey) {
        return lab.backend().trace(tenant, podKey);
    }

    // ---- plumbing ----

    private void run(LabCommand command) {
        if (viewingPast()) {
            return;
        }
        if (!simulated() && ClusterWriteText.isWrite(command)
                && !gate.allow(ClusterWriteText.action(command), ClusterWriteText.detail(command, backendId()))) {
            setStatus("Cancelled: nothing was sent to the cluster", StatusKind.WARNING);
            return;
        }
        LabBackend backend = lab.backend();
        round(() -> {
            CommandResult r = backend.execute(command);
            return new LabRefresh(r, backend.snapshot(), backend.events(), List.of());
        }, r -> {
            if (r.result().accepted()) {
                history.record(command, r.snapshot(), r.events().size());
                if (CommandHistory.rebuilds(command)) {
                    namer.reset();
                }
            }
            report(LabReplay.describe(command, r.result()), r.result().accepted());
        });
    }

    private void round(Callable<LabRefresh> work, java.util.function.Consumer<LabRefresh> after) {
        tasks.execute(work, r -> {
            apply(r.snapshot());
            LabReplay.syncEvents(events, r.events());
            canUndo.set(undoable());
            after.accept(r);
            canUndo.set(undoable());
            versions.set(history.versionsSinceReset());
            refreshTrace();
        }, e -> setStatus("Engine error: " + e.getMessage(), StatusKind.ERROR));
    }

    private void swap(OpenedLab opened) {
        closePast();
        closeSubscription();
        lab.backend().close();
        lab = opened;
        namer.reset();
        selection.set(null);
        // always replace: a fresh lab of the same scenario can carry the same version number
        snapshot.set(opened.backend().snapshot());
        events.setAll(opened.backend().events());
        history.clear(snapshot.get(), events.size());
        versions.set(history.versionsSinceReset());
        canUndo.set(false);
        subscribe();
        setStatus("Opened " + snapshot().scenario() + " on " + opened.backend().id(), StatusKind.OK);
    }

    private void apply(LabSnapshot s) {
        LabSnapshot current = snapshot.get();
        if (s != current && (s.version() != current.version() || !s.scenario().equals(current.scenario()))) {
            snapshot.set(s);
        }
    }

    private void subscribe() {
        LabBackend backend = lab.backend();
        subscription = backend.subscribe((s, newEvents) -> ui.execute(() -> {
            if (backend != lab.backend() || past.get() != null) {
                return;
            }
            if (s.version() > snapshot().version()) {
                apply(s);
            }
            // events are appended by sequence number whatever the snapshot's version: a snapshot the view
            // already holds (taken after a command) must not drop the events announced with it
            long lastSeq = events.isEmpty() ? 0 : events.get(events.size() - 1).seq();
            newEvents.stream().filter(e -> e.seq() > lastSeq).forEach(events::add);
        }));
    }

    private void closeSubscription() {
        try {
            if (subscription != null) {
                subscription.close();
            }
        } catch (Exception ignored) {
            // the old backend is going away anyway
        }
    }

    private void refreshTrace() {
        Selection sel = selection.get();
        if (sel == null || sel.kind() != Selection.Kind.POD) {
            trace.set(null);
            return;
        }
        TimeTravel then = past.get();
        LabBackend backend = then != null ? then.scratch() : lab.backend();
        tasks.execute(() -> backend.trace(sel.tenant(), sel.id()), trace::set, e -> trace.set(null));
    }

    /** An error-toned status line (a failed export, say). */
    public void error(String message) {
        setStatus(message, StatusKind.ERROR);
    }

    /** A warning-toned status line for a user action that did nothing. */
    public void hint(String message) {
        setStatus(message, StatusKind.WARNING);
    }

    private void report(String message, boolean ok) {
        setStatus(message, ok ? StatusKind.OK : StatusKind.ERROR);
    }

    private void setStatus(String message, StatusKind kind) {
        line.set(message, kind);
    }

    /** The file the last status line reports as written (for "open folder"); null once the status moves on. */
    public ReadOnlyObjectProperty<@Nullable Path> writtenProperty() {
        return line.writtenProperty();
    }

    /** Reports a file the workbench wrote: where it is (absolute path) and how big. */
    public void wrote(String what, Path file) {
        line.wrote(what, file);
    }

    /** Stops the lab (window closing). */
    public void close() {
        closePast();
        closeSubscription();
        tasks.shutdown();
        lab.backend().close();
    }
}
