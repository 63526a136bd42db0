package io.gpulab.scheduler.codec;

/** {@code hami.io/bind-phase}: set by the scheduler at bind, then by the device plugin. */
public enum BindPhase {
    ALLOCATING("allocating"),
    SUCCESS("success"),
    FAILED("failed");

    private final String value;

    BindPhase(String value) {
        this.value = value;
    }

    /** The annotation value. */
    public String value() {
        return value;
    }

    public static Decoded<BindPhase> decode(String value) {
        for (BindPhase p : values()) {
            if (p.value.equals(value)) {
                return Decoded.ok(p);
            }
        }
        return Decoded.fail(HamiAnnotations.BIND_PHASE, value,
                "unknown bind phase \"" + value + "\" (expected allocating, success or failed)");
    }
}
