package io.gpulab.app.gui.vm;

import io.gpulab.app.gui.fx.TaskExecutor;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import io.gpulab.engine.scenario.RecordedScenario;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
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
 * It coordinates the parts that share that state, each in its own class: the user's actions ({@link UserActions}),
 * the history with Undo and Redo ({@link WorkbenchHistory}), questions about one pod ({@link PodQueries}), time
 * travel ({@link PastVersion}), where the lab comes from ({@link Provenance}), scenario playback, the lab editor,
 * faults, scenario files and the live feed.
 */
public final class WorkbenchViewModel {

    private final LabOpener opener;
    private final TaskExecutor tasks;
    private final Executor ui;
    private final WorkbenchHistory history;
    private final PodNamer namer = new PodNamer();
    private OpenedLab lab;
    private final LiveFeed feed;

    private final ReadOnlyObjectWrapper<LabSnapshot> snapshot;
    private final ObservableList<LabEvent> events = FXCollections.observableArrayList();
    private final ObjectProperty<@Nullable Selection> selection = new SimpleObjectProperty<>();
    private final StatusLine line = new StatusLine();
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final PastVersion past = new PastVersion(this);
    private final ScenarioPlayback playback;
    private final ScenarioFiles files = new ScenarioFiles(this);
    private final LabFaults faults = new LabFaults(this);
    private final LabEditor editor = new LabEditor(this);
    private final PodQueries pods = new PodQueries(this);
    private final Provenance provenance = new Provenance(this);
    private final UserActions actions;
    /** Engine rounds sent and not back yet (UI thread only). */
    private int inFlight;

    /** A view-model that refuses writes to a real cluster (nobody to confirm them). */
    public WorkbenchViewModel(OpenedLab lab, LabOpener opener, TaskExecutor tasks, Executor ui) {
        this(lab, opener, WriteGate.DENY, tasks, ui);
    }

    /** {@code gate} is asked before every write to a real cluster; the simulated lab never asks. */
    public WorkbenchViewModel(OpenedLab lab, LabOpener opener, WriteGate gate, TaskExecutor tasks, Executor ui) {
        this.lab = lab;
        this.opener = opener;
        this.tasks = tasks;
        this.ui = ui;
        this.playback = new ScenarioPlayback(this, gate);
        this.actions = new UserActions(this, gate);
        this.feed = new LiveFeed(ui);
        this.snapshot = new ReadOnlyObjectWrapper<>(lab.backend().snapshot());
        events.setAll(lab.backend().events());
        this.history = new WorkbenchHistory(this, snapshot.get());
        subscribe();
        selection.addListener((o, a, b) -> pods.refresh());
        // a run of the clock is one action: starting or pausing it ends the run the next tick would join
        playing.addListener((o, a, b) -> history.recorded().closeRun());
    }

    // ---- properties ----

    public ReadOnlyObjectProperty<LabSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    /** What the engine says about one pod: its detail, its reasons, its trace. */
    public PodQueries pods() {
        return pods;
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
        return pods.selectedTraceProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return line.textProperty();
    }

    public ReadOnlyObjectProperty<StatusKind> statusKindProperty() {
        return line.kindProperty();
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

    /** The lab's history: the timeline, the versions the walkthroughs judge, Undo and Redo. */
    public WorkbenchHistory history() {
        return history;
    }

    /** The lab's history as a scenario up to the version on screen ({@link Provenance#recording()}). */
    public RecordedScenario recording() {
        return provenance.recording();
    }

    /** Where the lab on screen comes from, as Save and the exports state it. */
    public Provenance provenance() {
        return provenance;
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
        actions.reset(null);
    }

    /** As {@link #reset()}, the status line then saying {@code why} (a walkthrough that started). */
    public void reset(String why) {
        actions.reset(why);
    }

    // ---- plumbing ----

    /** Sends one command of the user's own (through the write gate); one action when the lab accepts it. */
    void run(LabCommand command) {
        actions.run(command);
    }

    /** One tick of the running clock: ticks join one action until the clock is paused or something else is done. */
    public void tick(Duration by) {
        actions.tick(by);
    }

    /** Runs {@code items} as one action of the user ({@link UserActions#act(String, List, boolean, Function)}). */
    void act(String label, List<RecordedScenario.Item> items, boolean clockRun, Function<LabRefresh, String> describe) {
        actions.act(label, items, clockRun, describe);
    }

    /** Runs {@code items} as actions ({@link UserActions#act(List, boolean, boolean, Function, Function)}). */
    void act(List<RecordedScenario.Item> items, boolean clockRun, boolean oneEach,
             Function<LabHistory.Applied, String> label, Function<LabRefresh, String> describe) {
        actions.act(items, clockRun, oneEach, label, describe);
    }

    /**
     * True while an engine round is on its way: a scenario step asked for now would be numbered before the one on
     * its way is recorded, so Next step and Play wait (a double click plays one step, never the same one twice).
     */
    boolean busy() {
        return inFlight > 0;
    }

    void round(Callable<LabRefresh> work, java.util.function.Consumer<LabRefresh> after) {
        inFlight++;
        tasks.execute(work, r -> {
            inFlight--;
            apply(r.snapshot());
            LabReplay.syncEvents(events, r.events());
            after.accept(r);
            history.refresh();
            pods.refresh();
        }, e -> {
            inFlight--;
            status("Engine error: " + e.getMessage(), StatusKind.ERROR);
        });
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
        history.clear(snapshot.get());
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

    /** An error-toned status line (a failed export, say). */
    public void error(String message) {
        status(message, StatusKind.ERROR);
    }

    /** An information status line (a walkthrough that started, say). */
    public void info(String message) {
        status(message, StatusKind.INFO);
    }

    /** A warning-toned status line for a user action that did nothing. */
    public void hint(String message) {
        status(message, StatusKind.WARNING);
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

    LabHistory recorded() {
        return history.recorded();
    }

    /** Names the pods dropped from the palette; restarts after a reset. */
    PodNamer namer() {
        return namer;
    }

    /** Shows a snapshot and its events (live or past) in place of the current ones. */
    void show(LabSnapshot s, List<LabEvent> shown) {
        snapshot.set(s);
        events.setAll(shown);
        pods.refresh();
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
