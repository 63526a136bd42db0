package io.gpulab.app.gui.plan;

import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanProgress;
import io.gpulab.engine.plan.PlanReader;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.PlanRunner;
import io.gpulab.engine.plan.Workload;
import io.gpulab.engine.plan.WorkloadResolver;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.mockgpu.catalog.CardCatalog;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.jspecify.annotations.Nullable;

/**
 * The Plan view's state: the plan text being edited, a run in the background with its progress and cancel,
 * and the last answer. Engine work runs on {@code background}; every property changes on {@code ui}.
 */
public final class PlanViewModel {

    private final StringProperty text = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("Open a plan or a built-in example, then Run.");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final ObjectProperty<@Nullable PlanResult> result = new SimpleObjectProperty<>();
    private final Executor background;
    private final Executor ui;
    private @Nullable Path file;
    private @Nullable Workload workload;
    private AtomicBoolean cancel = new AtomicBoolean();

    public PlanViewModel(Executor background, Executor ui) {
        this.background = background;
        this.ui = ui;
    }

    public StringProperty textProperty() {
        return text;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public ObjectProperty<@Nullable PlanResult> resultProperty() {
        return result;
    }

    /** The workload of the last answer (to open a candidate as a lab). */
    public @Nullable Workload workload() {
        return workload;
    }

    /** The text of a plan file; relative paths inside it resolve against its folder. */
    public void load(Path planFile, String content) {
        file = planFile;
        text.set(content);
        status.set("Opened " + planFile.getFileName() + ". Run compares its candidates.");
    }

    /** Runs the plan as the editor holds it; errors name line and field, as on the command line. */
    public void run() {
        if (running.get()) {
            return;
        }
        String current = text.get();
        Path where = file;
        AtomicBoolean flag = new AtomicBoolean();
        cancel = flag;
        running.set(true);
        progress.set(0);
        status.set("Running…");
        background.execute(() -> {
            try {
                String name = where == null ? "plan.yaml" : where.getFileName().toString();
                Plan plan = new PlanReader().read(name, current, where == null ? null : where.toAbsolutePath()
                        .getParent());
                Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload());
                // no work bound here, neither up front nor while replaying: the window shows the replays' progress
                // and Cancel stops them; a plan the command line would refuse or stop says so while it runs
                PlanRunner runner = new PlanRunner().maxWork(Long.MAX_VALUE);
                long steps = runner.check(plan, w);
                if (steps > io.gpulab.engine.plan.PlanLimits.MAX_WORK) {
                    ui.execute(() -> status.set(String.format(java.util.Locale.ROOT, "Running about %,d replay steps "
                            + "(gpulab plan stops at %,d without --max-work): Cancel stops it.", steps,
                            io.gpulab.engine.plan.PlanLimits.MAX_WORK)));
                }
                PlanResult r = runner.run(plan, w, progress(plan), flag);
                ui.execute(() -> {
                    workload = w;
                    result.set(r);
                    progress.set(1);
                    running.set(false);
                    status.set(io.gpulab.engine.plan.Counts.of(r.candidates().size(), "candidate") + " compared in "
                            + String.format(java.util.Locale.ROOT, "%,d", r.wallMs()) + " ms.");
                });
            } catch (CancellationException e) {
                ui.execute(() -> finish("Cancelled: no answer."));
            } catch (ScenarioException | IllegalArgumentException | java.io.UncheckedIOException e) {
                ui.execute(() -> finish(e.getMessage()));
            }
        });
    }

    /** Writes the decision report of the last answer (off the UI thread); the status says where it went. */
    public void exportReport(Path pdf) {
        PlanResult r = result.get();
        if (r == null) {
            status.set("Run the plan first: the report shows its answer.");
            return;
        }
        background.execute(() -> {
            try {
                // the save dialog asked before replacing a file
                int pages = io.gpulab.app.report.DecisionReport.write(r, io.gpulab.app.GpulabVersion.VERSION, pdf,
                        PlanChartImages.headless(), true);
                ui.execute(() -> status.set("Wrote the decision report to " + pdf + " (" + pages + " pages)."));
            } catch (java.io.IOException e) {
                ui.execute(() -> status.set("Cannot write " + pdf + ": " + e.getMessage()));
            }
        });
    }

    public void cancel() {
        cancel.set(true);
    }

    private void finish(String message) {
        running.set(false);
        progress.set(0);
        status.set(message);
    }

    /** Progress as the mean over candidates, posted to the UI at most every 100 ms. */
    private PlanProgress progress(Plan plan) {
        Map<String, Double> done = new ConcurrentHashMap<>();
        plan.candidates().forEach(c -> done.put(c.name(), 0.0));
        long[] last = {0};
        return new PlanProgress() {
            @Override
            public void replay(String candidate, int replay, double fraction) {
                done.put(candidate, Math.max(done.get(candidate), Math.min(0.95, fraction)));
                post(false);
            }

            @Override
            public void done(String candidate) {
                done.put(candidate, 1.0);
                post(true);
            }

            @Override
            public void sensitivity(int finished, int total) {
                long now = System.nanoTime();
                synchronized (last) {
                    if (finished != total && now - last[0] < 100_000_000L) {
                        return;
                    }
                    last[0] = now;
                }
                // the bar starts again for the robustness replays, and the status says which phase it shows
                ui.execute(() -> {
                    progress.set(total == 0 ? 1 : (double) finished / total);
                    status.set("robustness replays " + finished + " of " + total + "…");
                });
            }

            private void post(boolean force) {
                long now = System.nanoTime();
                synchronized (last) {
                    if (!force && now - last[0] < 100_000_000L) {
                        return;
                    }
                    last[0] = now;
                }
                double f = done.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
                ui.execute(() -> progress.set(f));
            }
        };
    }
}
