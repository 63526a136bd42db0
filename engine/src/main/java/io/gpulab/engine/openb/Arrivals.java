package io.gpulab.engine.openb;

import java.util.Locale;

/**
 * How an imported trace's pods arrive (docs/openb.md).
 * <ul>
 *   <li>{@link #TRACE}: each pod is created at its {@code creation_time} and deleted at its {@code deletion_time};
 *       a pod list without time columns arrives in file order and never leaves;</li>
 *   <li>{@link #FGD}: as the FGD artifact (hkust-adsl/kubernetes-scheduler-simulator) replays the trace: the trace's
 *       pods in a random order, then copies drawn at random from the trace appended while the GPU demand stays within
 *       {@code inflate} times the cluster's GPU capacity (see {@link FgdWorkload}), all submitted at once, none ever
 *       deleted.</li>
 * </ul>
 */
public enum Arrivals {
    TRACE, FGD;

    /** @throws IllegalArgumentException naming the accepted values */
    public static Arrivals of(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "trace" -> TRACE;
            case "fgd" -> FGD;
            default -> throw new IllegalArgumentException("--arrivals must be trace or fgd, got \"" + s + "\"");
        };
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
