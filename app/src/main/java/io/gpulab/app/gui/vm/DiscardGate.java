package io.gpulab.app.gui.vm;

/**
 * Asked before an action throws away work that Undo cannot bring back (opening another lab, starting a
 * walkthrough on another scenario, quitting, closing the window). Actions Undo can take back (reset) never ask.
 */
@FunctionalInterface
public interface DiscardGate {

    /** Never asks: headless use and tests that drive the view-model directly. */
    DiscardGate ALLOW = (action, lost) -> true;

    /**
     * @param action what is about to happen, e.g. {@code Open lock-lifecycle}
     * @param lost   what would be lost, e.g. {@code 3 actions on article}
     * @return true to go ahead
     */
    boolean allow(String action, String lost);
}
