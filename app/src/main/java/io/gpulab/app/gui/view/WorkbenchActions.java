package io.gpulab.app.gui.view;

import io.gpulab.app.gui.export.Caption;
import io.gpulab.app.gui.export.FramedPicture;
import io.gpulab.app.gui.export.PngExporter;
import io.gpulab.app.gui.export.ReportData;
import io.gpulab.app.gui.export.ReportWriter;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import java.io.File;
import java.nio.file.Path;
import java.util.function.Supplier;
import javafx.scene.image.WritableImage;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * What menus, toolbar and shortcuts do: view-side glue (file choosers, clipboard, snapshots) that
 * ends in view-model commands. Holds no lab state of its own.
 */
public final class WorkbenchActions {

    private final WorkbenchViewModel vm;
    private final Supplier<TopologyView> canvas;
    private final Supplier<Region> window;
    private final Supplier<Region> inspector;
    private FileDialog dialogs = FileDialog.NATIVE;

    public WorkbenchActions(WorkbenchViewModel vm, Supplier<TopologyView> canvas, Supplier<Region> window,
                            Supplier<Region> inspector) {
        this.vm = vm;
        this.canvas = canvas;
        this.window = window;
        this.inspector = inspector;
    }

    /** Who answers the file dialogs (the platform's, unless a test plays the user). */
    public void setFileDialog(FileDialog dialogs) {
        this.dialogs = dialogs;
    }

    public void lifecycle(String mode) {
        if (!mode.equals(vm.snapshot().lifecycle())) {
            vm.faults().setLifecycle(mode);
        }
    }

    /** Unlocks the selected worker, else the first locked one. */
    public void unlock() {
        Selection sel = vm.selectionProperty().get();
        for (TenantView t : vm.snapshot().tenants()) {
            for (NodeView n : t.nodes()) {
                boolean locked = n.lock() != null && n.lock().held();
                boolean selected = sel != null && sel.kind() == Selection.Kind.NODE && sel.id().equals(n.name());
                if (locked && (selected || sel == null || sel.kind() != Selection.Kind.NODE)) {
                    vm.faults().unlock(t.name(), n.name());
                    return;
                }
            }
        }
    }

    public void deleteSelected() {
        Selection sel = vm.selectionProperty().get();
        if (sel != null && sel.kind() == Selection.Kind.POD) {
            vm.deletePod(sel.tenant(), sel.id());
            vm.selectionProperty().set(null);
        } else {
            vm.hint("Select a pod first (click its chip), then Delete");
        }
    }

    /** Pastes Pod YAML from the clipboard into the selected tenant (or the first). */
    public void pasteYaml() {
        Clipboard cb = Clipboard.getSystemClipboard();
        if (!cb.hasString()) {
            return;
        }
        Selection sel = vm.selectionProperty().get();
        String tenant = sel != null && !sel.tenant().isEmpty() ? sel.tenant() : vm.snapshot().tenants().get(0).name();
        vm.submitYaml(tenant, "clipboard", cb.getString());
    }

    /** Light or dark for the workbench and every window it opened (Plan, Isolation), so they keep matching. */
    public void toggleTheme() {
        var scene = window.get().getScene();
        boolean dark = !Theme.isDark(scene);
        Theme.apply(scene, dark);
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (w instanceof javafx.stage.Stage && w.getScene() != null && w.getScene() != scene
                    && w.getScene().getStylesheets().contains(Theme.BASE)) {
                Theme.apply(w.getScene(), dark);
            }
        }
    }

    public void openScenario() {
        FileChooser fc = chooser("Open scenario", "Scenario", "*.yaml", "*.yml", "*.json");
        File f = dialogs.one(fc, FileDialog.Mode.OPEN, owner());
        if (f != null) {
            vm.files().open(f.getPath());
        }
    }

    /**
     * File → Open snapshot: a scenario written by {@code gpulab import snapshot}, or one or more raw
     * {@code kubectl get nodes,pods,resourcequotas,events -A -o yaml} dumps (one tenant per file), opened offline.
     */
    public void openSnapshot() {
        FileChooser fc = chooser("Open snapshot (scenario or kubectl dumps)", "Snapshot", "*.yaml", "*.yml",
                "*.json");
        java.util.List<File> files = dialogs.show(fc, FileDialog.Mode.OPEN_MANY, owner());
        if (files != null && !files.isEmpty()) {
            vm.files().openSnapshot(files.stream().map(File::toPath).toList(),
                    Path.of(System.getProperty("java.io.tmpdir"), "gpulab-snapshots"));
        }
    }

    public void saveScenario() {
        FileChooser fc = chooser("Save scenario", "Scenario", "*.yaml");
        fc.setInitialFileName(vm.snapshot().scenario() + "-session.yaml");
        File f = dialogs.one(fc, FileDialog.Mode.SAVE, owner());
        if (f != null) {
            vm.files().save(f.toPath());
        }
    }

    /** Exports the canvas (or the whole window) to PNG at {@code scale}. */
    public void exportPng(boolean wholeWindow, double scale) {
        FileChooser fc = chooser("Export PNG", "PNG image", "*.png");
        fc.setInitialFileName(vm.snapshot().scenario() + (wholeWindow ? "-window" : "-topology")
                + (scale > 1 ? "@2x" : "") + ".png");
        File f = dialogs.one(fc, FileDialog.Mode.SAVE, owner());
        if (f != null) {
            try {
                exportPngTo(wholeWindow, scale, f.toPath());
                vm.wrote((wholeWindow ? "the window" : "the canvas") + " as PNG (" + (int) scale + "x)", f.toPath());
            } catch (Exception e) {
                vm.error("Cannot write " + f + ": " + e.getMessage());
                error("Cannot write " + f + ": " + e.getMessage());
            }
        }
    }

    /**
     * A slide: the canvas without palette, toolbar or UI hints, with the inspector and trace beside it
     * when something is selected (FX thread); returns the file size in bytes.
     */
    public long exportSlideTo(double scale, Path file) throws java.io.IOException {
        return exportSlideTo(scale, file, true);
    }

    /**
     * As {@link #exportSlideTo(double, Path)}; {@code force}: replace a file gpulab did not write, or a link (the save
     * dialog has asked before replacing a file: the one-argument form forces).
     */
    public long exportSlideTo(double scale, Path file, boolean force) throws java.io.IOException {
        return write(framed(View.SLIDE, scale), file, force);
    }

    /** What a PNG export shows (docs/workbench.md, "Exports for slides and documents"). */
    public enum View { WINDOW, CANVAS, SLIDE }

    /**
     * The view as a picture exactly as large as the window ({@code gpulab screenshot --size WxH} sets it), times
     * {@code scale}, its caption strip included: the view is laid out in the room above the strip (FX thread).
     *
     * @throws io.gpulab.app.gui.export.ExportSizeException when the window is too small for the view and its caption
     */
    public WritableImage picture(View view, double scale) {
        return framed(view, scale).image();
    }

    /** A picture and the caption drawn under it. */
    public record Picture(WritableImage image, Caption caption) {
    }

    /** Writes the picture as PNG, its caption also as the file's Description; returns the file size in bytes. */
    public static long write(Picture p, Path file, boolean force) throws java.io.IOException {
        return PngExporter.writePng(p.image(), p.caption(), file, force);
    }

    /** As {@link #picture(View, double)}, with the caption it carries. */
    public Picture framed(View view, double scale) {
        settle();
        Region root = window.get();
        var scene = root.getScene();
        double width = scene != null ? scene.getWidth() : root.getWidth();
        double height = scene != null ? scene.getHeight() : root.getHeight();
        boolean selection = vm.selectionProperty().get() != null;
        TopologyView topology = canvas.get();
        FramedPicture.View frame = switch (view) {
            case WINDOW -> ViewPictures.windowView(root);
            case CANVAS -> ViewPictures.canvasView(topology);
            case SLIDE -> ViewPictures.slideView(topology, selection);
        };
        try {
            Caption caption = Caption.of(vm);
            return new Picture(FramedPicture.render(frame, width, height, scale, caption, isDark(), (w, h, s) ->
                    switch (view) {
                        case WINDOW -> ViewPictures.window(root, w, h, s);
                        case CANVAS -> ViewPictures.canvas(topology, w, h, s);
                        case SLIDE -> ViewPictures.slide(topology, inspector.get(), selection, w, h, s);
                    }), caption);
        } finally {
            settle();
        }
    }

    /** Asks where, then writes a slide PNG and says where it went. */
    public void exportSlide(double scale) {
        FileChooser fc = chooser("Export slide PNG", "PNG image", "*.png");
        fc.setInitialFileName(vm.snapshot().scenario() + "-slide" + (scale > 1 ? "@2x" : "") + ".png");
        File f = dialogs.one(fc, FileDialog.Mode.SAVE, owner());
        if (f != null) {
            try {
                exportSlideTo(scale, f.toPath());
                vm.wrote("a slide PNG (" + (int) scale + "x)", f.toPath());
            } catch (Exception e) {
                vm.error("Cannot write " + f + ": " + e.getMessage());
            }
        }
    }

    /** Writes the PNG without a dialog (FX thread); returns its size in bytes. */
    public long exportPngTo(boolean wholeWindow, double scale, Path file) throws java.io.IOException {
        return exportPngTo(wholeWindow, scale, file, true);
    }

    /** As {@link #exportPngTo(boolean, double, Path)}; {@code force} as for {@link #exportSlideTo(double, Path, boolean)}. */
    public long exportPngTo(boolean wholeWindow, double scale, Path file, boolean force) throws java.io.IOException {
        return write(framed(wholeWindow ? View.WINDOW : View.CANVAS, scale), file, force);
    }

    public void exportReport() {
        FileChooser fc = chooser("Export review report", "PDF", "*.pdf");
        fc.setInitialFileName(vm.snapshot().scenario() + "-report.pdf");
        File f = dialogs.one(fc, FileDialog.Mode.SAVE, owner());
        if (f != null) {
            try {
                int pages = exportReportTo(f.toPath());
                vm.wrote("the review report (" + pages + " pages)", f.toPath());
            } catch (Exception e) {
                vm.error("Cannot write " + f + ": " + e.getMessage());
                error("Cannot write " + f + ": " + e.getMessage());
            }
        }
    }

    /**
     * Writes the review report of the lab's history, through the same code as {@code gpulab report} (FX thread: it
     * reads the history).
     */
    public int exportReportTo(Path file) throws Exception {
        return ReportWriter.write(ReportData.collect(vm), file);
    }

    /**
     * CSS and layout until nothing changes: a size change re-renders the canvas during layout, and panels
     * made in that pass need their own CSS before a snapshot shows them.
     */
    private void settle() {
        var scene = window.get().getScene();
        if (scene != null) {
            for (int i = 0; i < 3; i++) {
                scene.getRoot().applyCss();
                scene.getRoot().layout();
            }
        }
    }

    private void error(String message) {
        var alert = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR, message);
        alert.initOwner(owner());
        io.gpulab.app.gui.window.WindowPlacement.keepInside(alert);
        alert.showAndWait();
    }

    private boolean isDark() {
        var scene = window.get().getScene();
        return scene != null && Theme.isDark(scene);
    }

    private Window owner() {
        return window.get().getScene().getWindow();
    }

    private static FileChooser chooser(String title, String kind, String... patterns) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, patterns));
        return fc;
    }
}
