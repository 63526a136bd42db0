package io.gpulab.app.gui.isolation;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.report.IsolationReport;
import io.gpulab.engine.isolation.IsolationAnalysis;
import io.gpulab.engine.isolation.IsolationTable;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.ScenarioReader;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.jspecify.annotations.Nullable;

/**
 * The isolation table of the lab on screen: derived in the background by {@link IsolationAnalysis} (the code of
 * {@code gpulab isolation}), on copies of the lab's design as built; exported as the CLI's PDF.
 */
public final class IsolationViewModel {

    private final Executor background;
    private final Consumer<Runnable> fx;
    private final ObjectProperty<@Nullable IsolationTable> table = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("");

    /** @param fx runs a change of the properties on the FX thread */
    public IsolationViewModel(Executor background, Consumer<Runnable> fx) {
        this.background = background;
        this.fx = fx;
    }

    public ObjectProperty<@Nullable IsolationTable> tableProperty() {
        return table;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** The design of the lab on screen (its edits included, its steps not played): what the table is derived on. */
    public static LabSpec labOf(WorkbenchViewModel vm) {
        RecordedScenario r = vm.simulated() ? vm.recording() : vm.provenance().asOpened();
        return new ScenarioReader().read(r.name() + ".yaml", new StringReader(r.text()), false).lab();
    }

    /** Derives the table of {@code lab} in the background. */
    public void derive(LabSpec lab, boolean observedLab) {
        table.set(null);
        status.set("Failing each part of " + lab.name() + " on its own simulated copy of the lab…");
        background.execute(() -> {
            try {
                IsolationTable t = IsolationAnalysis.derive(lab);
                fx.accept(() -> {
                    table.set(t);
                    status.set(t.rows().size() + " failures, each injected into its own simulated copy of "
                            + lab.name() + " as built" + (observedLab ? " (the scenario this cluster's lab was opened "
                            + "from: gpulab fails nothing on a real cluster)" : "") + "; the lab on screen is "
                            + "unchanged.");
                });
            } catch (RuntimeException e) {
                fx.accept(() -> status.set("Cannot derive the isolation table: " + e.getMessage()));
            }
        });
    }

    /** Writes the table as {@code gpulab isolation --out} does, in the background. */
    public void exportPdf(Path file) {
        IsolationTable t = table.get();
        if (t == null) {
            return;
        }
        background.execute(() -> {
            try {
                int pages = IsolationReport.write(t, GpulabVersion.VERSION, ZonedDateTime.now(ZoneOffset.UTC), file,
                        false);
                fx.accept(() -> status.set("Wrote " + file + " (" + pages + " pages)."));
            } catch (java.io.IOException | RuntimeException e) {
                fx.accept(() -> status.set("Cannot write " + file + ": " + e.getMessage()));
            }
        });
    }
}
