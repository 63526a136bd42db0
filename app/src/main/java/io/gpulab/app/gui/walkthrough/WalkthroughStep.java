package io.gpulab.app.gui.walkthrough;

/**
 * One step: what to read, what to do, and the check that says it is done.
 *
 * @param action the trainee's action in one line ("Drag the Article pod onto tenant-a")
 */
public record WalkthroughStep(String title, String text, String action, Check check) { }
