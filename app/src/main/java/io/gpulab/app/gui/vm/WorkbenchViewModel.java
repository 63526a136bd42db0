package io.gpulab.app.gui.vm;

import io.gpulab.app.gui.fx.TaskExecutor;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodWhy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * It coordinates the parts that share that state: time travel ({@link PastVersion}), scenario playback,
 * the lab editor, faults, scenario files and the live feed.
 */
public final class WorkbenchViewModel {

    private final LabOpener opener;
    private final WriteGate gate;
    private final TaskExecutor tasks;
    private final Executor ui;
    private final CommandHistory history;
    private final PodNamer namer = new PodNamer();
    private OpenedLab lab;
    private final LiveFeed feed;

    private final ReadOnlyObjectWrapper<LabSnapshot> snapshot;
    private final ObservableList<LabEvent> events = FXCollections.observableArrayList();
    private final ObjectProperty<@Nullable Selection> selection = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<@Nullable PodTrace> trace = new ReadOnlyObjectWrapper<>();
    private final StatusLine line = new StatusLine();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<List<LabSnapshot>> versions = new ReadOnlyObjectWrapper<>();
    private final PastVersion past = new PastVersion(this);
    private final ScenarioPlayback playback;
    private final ScenarioFiles files = new ScenarioFiles(this);
    private final LabFaults faults = new LabFaults(this);
    private final LabEditor editor = new LabEditor(this);

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
        this.playback = new ScenarioPlayback(this, gate);
        this.feed = new LiveFeed(ui);
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

    /**
     * One pod as the backend shows it when asked for it alone: a pending pod on a large tenant then carries its
     * per-node reasons, which the snapshot leaves out (the sim recomputes them on request).
     */
    public Optional<PodView> podDetail(String tenant, String podKey) {
        return lab.backend().pod(tenant, podKey, true);
    }

    /** Why a pod does not run, in words from the lab's numbers (docs/reasons.md); empty for a running pod. */
    public Optional<PlainReason> plainReason(String tenant, String podKey) {
        return lab.backend().plainReason(tenant, podKey);
    }

    /** HAMi's why for the selected pod, once its trace has arrived (empty for another pod or no explanation). */
    public Optional<PodWhy> podWhy(String tenant, String podKey) {
        PodTrace t = trace.get();
        return t != null && t.tenant().equals(tenant) && t.podKey().equals(podKey) ? Optional.ofNullable(t.why())
                : Optional.empty();
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

    /** Time travel: showing an earlier version of the lab instead of now. */
    public PastVersion past() {
        return past;
    }

    /** The lab editor: changing the lab's tenants, workers, cards and HAMi settings. */
    public LabEditor editor() {
        return editor;
    }

    /** Opening and saving scenario files. */
    public ScenarioFiles files() {
        return files;
    }

    /** Faults, their repair and the lifecycle mode. */
    public LabFaults faults() {
        return faults;
    }

    /** Playing the opened scenario's own steps. */
    public ScenarioPlayback playback() {
        return playback;
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
            status(e.getMessage(), StatusKind.ERROR);
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

    /**
     * Back to the lab's initial state; recorded like any action, so Undo brings the lab back. An edited
     * lab restarts from its edited design (the scenario's lab is one Undo away).
     */
    public void reset() {
        run(editor.resetCommand());
    }

    /** Undo is reset-and-replay: only the simulated lab can be rewound. */
    private boolean undoable() {
        return simulated() && history.canUndo();
    }

    /** Takes back the last action: reset, then replay everything before it. */
    public void undo() {
        if (past.refusesChange() || !undoable()) {
            return;
        }
        List<LabCommand> replay = history.undo();
        LabBackend backend = lab.backend();
        round(() -> {
            backend.execute(new LabCommand.Reset());
            return LabReplay.replay(backend, replay);
        }, r -> report("Undone (replayed " + replay.size() + " actions)", true));
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

    /** Sends one command through the write gate to the lab, recording it when accepted. */
    void run(LabCommand command) {
        if (past.refusesChange()) {
            return;
        }
        if (!simulated() && ClusterWriteText.isWrite(command)
                && !gate.allow(ClusterWriteText.action(command), ClusterWriteText.detail(command, backendId()))) {
            status("Cancelled: nothing was sent to the cluster", StatusKind.WARNING);
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

    void round(Callable<LabRefresh> work, java.util.function.Consumer<LabRefresh> after) {
        tasks.execute(work, r -> {
            apply(r.snapshot());
            LabReplay.syncEvents(events, r.events());
            canUndo.set(undoable());
            after.accept(r);
            canUndo.set(undoable());
            versions.set(history.versionsSinceReset());
            refreshTrace();
        }, e -> status("Engine error: " + e.getMessage(), StatusKind.ERROR));
    }

    /** Puts a newly opened lab in place of the current one (which is stopped), with an empty history. */
    void replaceLab(OpenedLab opened) {
        past.close();
        feed.close();
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
        status("Opened " + snapshot().scenario() + " on " + opened.backend().id(), StatusKind.OK);
    }

    private void apply(LabSnapshot s) {
        LabSnapshot current = snapshot.get();
        if (s != current && (s.version() != current.version() || !s.scenario().equals(current.scenario()))) {
            snapshot.set(s);
        }
    }

    private void subscribe() {
        LabBackend backend = lab.backend();
        feed.follow(backend, () -> backend == lab.backend() && !past.showing(), s -> {
            if (s.version() > snapshot().version()) {
                apply(s);
            }
        }, events);
    }

    private void refreshTrace() {
        Selection sel = selection.get();
        if (sel == null || sel.kind() != Selection.Kind.POD) {
            trace.set(null);
            return;
        }
        LabBackend scratch = past.scratch();
        LabBackend backend = scratch != null ? scratch : lab.backend();
        tasks.execute(() -> backend.trace(sel.tenant(), sel.id()), trace::set, e -> trace.set(null));
    }

    /** An error-toned status line (a failed export, say). */
    public void error(String message) {
        status(message, StatusKind.ERROR);
    }

    /** A warning-toned status line for a user action that did nothing. */
    public void hint(String message) {
        status(message, StatusKind.WARNING);
    }

    private void report(String message, boolean ok) {
        status(message, ok ? StatusKind.OK : StatusKind.ERROR);
    }

    void status(String message, StatusKind kind) {
        line.set(message, kind);
    }

    // ---- for the coordinated parts (time travel, playback, editor, files) ----

    OpenedLab lab() {
        return lab;
    }

    LabOpener opener() {
        return opener;
    }

    TaskExecutor tasks() {
        return tasks;
    }

    CommandHistory recorded() {
        return history;
    }

    /** Shows a snapshot and its events (live or past) in place of the current ones. */
    void show(LabSnapshot s, List<LabEvent> shown) {
        snapshot.set(s);
        events.setAll(shown);
        refreshTrace();
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
        past.close();
        feed.close();
        tasks.shutdown();
        lab.backend().close();
    }
}
