package io.gpulab.app.gui.vm;

/**
 * Opens a lab: a built-in scenario name ({@code article}) or a scenario file path. The workbench
 * never constructs a backend itself, so tests and other backends plug in here.
 */
@FunctionalInterface
public interface LabOpener {

    /** Opens the scenario; the error message names the file, line or field at fault. */
    OpenedLab open(String scenario) throws Exception;
}
