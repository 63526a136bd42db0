package io.gpulab.engine.kind;

/**
 * One preflight answer.
 *
 * @param detail what was measured and, when it failed, what to do about it
 */
public record PreflightCheck(String name, Status status, String detail) {

    /** PASS and WARN let the lab start; FAIL stops it; SKIPPED could not be checked. */
    public enum Status { PASS, WARN, FAIL, SKIPPED }

    public boolean blocking() {
        return status == Status.FAIL;
    }

    @Override
    public String toString() {
        return status + " " + name + ": " + detail;
    }
}
