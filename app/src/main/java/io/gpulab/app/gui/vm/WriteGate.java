package io.gpulab.app.gui.vm;

/**
 * Asks the user before a command writes to a real cluster (submit, delete, unlock). The simulated lab
 * never asks: nothing outside the process changes there.
 */
@FunctionalInterface
public interface WriteGate {

    /** Refuses every write: for headless use, where nobody can confirm. */
    WriteGate DENY = (action, detail) -> false;

    /**
     * @param action what would be sent, e.g. {@code Submit default/gpu-pod-1 to tenant-a}
     * @param detail where it goes and any warning that comes with it
     * @return true to send it
     */
    boolean allow(String action, String detail);
}
