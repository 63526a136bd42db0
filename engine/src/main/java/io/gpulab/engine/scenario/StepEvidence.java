package io.gpulab.engine.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A step's evidence in words, the same in every output (run text, verify Markdown, HTML and JUnit): what
 * was observed, what each comparison found, and when.
 */
public final class StepEvidence {

    private StepEvidence() {
    }

    /** {@code PASS}, {@code FAIL}, or for a step that checks nothing {@code done}. */
    public static String result(StepResult s) {
        if (!s.passed()) {
            return "FAIL";
        }
        return s.check() ? "PASS" : "done";
    }

    /** What the step looked at, in one line; empty for a step that only changed the lab. */
    public static String observed(StepResult s) {
        Object o = s.observed();
        if (o instanceof ObservedPod p) {
            return pod(p);
        }
        if (o instanceof LabState.Card c) {
            return card(new StringBuilder(96), c).toString();
        }
        if (o instanceof LabState.Lock l) {
            return l.held() ? "lock held by " + l.holder() + " since " + l.since() + ", expires " + l.expires()
                    : "lock free";
        }
        if (o instanceof LabState.ControlPlane c) {
            return controlPlane(c);
        }
        if (o instanceof io.gpulab.engine.api.ManagementView.DataStoreView d) {
            return d.name() + " (" + d.driver() + "): " + (d.ready() ? "answers" : "does not answer (" + d.error()
                    + ")") + ", " + d.healthy() + " of " + d.members().size() + " members up (" + d.members().stream()
                    .map(m -> m.name() + (m.up() ? "" : " down")).collect(Collectors.joining(", ")) + "), quorum "
                    + d.quorum() + ", used by " + String.join(", ", d.usedBy());
        }
        if (s.check() && o == null && "expectLock".equals(s.action())) {
            return "lock free";
        }
        if (o instanceof Map<?, ?> m) {
            return m.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining("; "));
        }
        return o == null ? "" : String.valueOf(o);
    }

    /**
     * A card's line, appended: as {@code printf("%s %s: %,d/%,d MB, %d/%d cores, %d/%d slots%s")} with
     * {@link Locale#ROOT}, without a Formatter (a summary writes 40,000 of them on a large lab).
     */
    public static StringBuilder card(StringBuilder out, LabState.Card c) {
        out.append(c.id()).append(' ').append(c.type()).append(": ");
        grouped(out, c.usedMemMB()).append('/');
        return grouped(out, c.memMB()).append(" MB, ").append(c.usedCores()).append('/').append(c.cores())
                .append(" cores, ").append(c.usedSlots()).append('/').append(c.slots()).append(" slots")
                .append(c.health() ? "" : ", UNHEALTHY");
    }

    /** {@code n} as {@code %,d} writes it in {@link Locale#ROOT}: digits grouped by three with commas. */
    public static StringBuilder grouped(StringBuilder b, long n) {
        String digits = Long.toString(n);
        int start = n < 0 ? 1 : 0;
        b.append(digits, 0, start);
        for (int i = start; i < digits.length(); i++) {
            if (i > start && (digits.length() - i) % 3 == 0) {
                b.append(',');
            }
            b.append(digits.charAt(i));
        }
        return b;
    }

    /** Every comparison: {@code phase = Running} when it held, {@code phase: expected X, observed Y} when not. */
    public static String compared(StepResult s) {
        return s.compared().stream().map(StepEvidence::one).collect(Collectors.joining("; "));
    }

    /** When: the lab's clock after the step and the real time it took. */
    public static String when(StepResult s) {
        return (s.virtualTime() == null ? "" : "virtual " + s.virtualTime() + ", ") + "wall " + millis(s.wallMillis())
                + " ms";
    }

    /**
     * {@code %.3f} of a step's wall time, which a run rounds to whole microseconds: digits of the microseconds
     * instead of a Formatter per step (a replay prints 50,000); other values as {@code %.3f} prints them.
     */
    static String millis(double ms) {
        long micros = Math.round(ms * 1000);
        if (!(ms >= 0 && ms < 1e9) || micros / 1000.0 != ms) {
            return String.format(Locale.ROOT, "%.3f", ms);
        }
        String frac = Long.toString(1000 + micros % 1000);
        return (micros / 1000) + "." + frac.substring(1);
    }

    private static String one(StepResult.Compared c) {
        if (c.held() && "messageContains".equals(c.field())) {
            return "messageContains \"" + c.expected() + "\" found"; // the message itself is in "observed"
        }
        return c.held() ? c.field() + " = " + c.observed()
                : c.field() + ": expected " + c.expected() + ", observed " + c.observed();
    }

    /** A control plane in one line: status, versions, replicas, its pods' nodes, what its clients read. */
    public static String controlPlane(LabState.ControlPlane c) {
        StringBuilder sb = new StringBuilder(c.status()).append(", ").append(c.readyReplicas()).append('/')
                .append(c.replicas()).append(" ready, version ").append(c.version());
        if (!c.version().equals(c.installedVersion())) {
            sb.append(" (installed ").append(c.installedVersion().isEmpty() ? "none" : c.installedVersion()).append(')');
        }
        sb.append("; pods ").append(c.pods().stream().map(p -> p.name() + (p.node().isEmpty() ? " Pending"
                : " on " + p.node()) + (p.ready() ? "" : " not ready" + (p.message().isEmpty() ? "" : " (" + p.message()
                + ")"))).collect(Collectors.joining(", ")));
        if (!"none".equals(c.writePermissions())) {
            sb.append("; writePermissions ").append(c.writePermissions());
        }
        sb.append("; API ").append(c.apiObserved().startsWith(io.gpulab.engine.api.ControlPlaneView.NOT_OBSERVED)
                ? c.apiObserved() : c.apiError().isEmpty() ? "answers" : "refused: " + c.apiError());
        return sb.toString();
    }

    /**
     * A pod as observed. A create the API server refused is said to be refused, with its status reason:
     * it never reached a scheduler, so no "via default-scheduler".
     */
    public static String pod(ObservedPod p) {
        if ("Rejected".equals(p.phase()) && "ConnectionRefused".equals(p.reason())) {
            return "Refused: no API server answered (ConnectionRefused)" + (p.message() == null ? ""
                    : ": " + p.message());
        }
        if ("Rejected".equals(p.phase())) {
            boolean saysReason = p.message() != null && p.message().contains("Error from server (");
            return "Rejected by the API server" + (p.reason() == null || saysReason ? "" : " (" + p.reason() + ")")
                    + (p.message() == null ? "" : ": " + p.message());
        }
        StringBuilder sb = new StringBuilder(p.phase());
        if (p.node() != null) {
            sb.append(" on ").append(p.node());
        }
        if (p.schedulerName() != null) {
            sb.append(" via ").append(p.schedulerName());
        }
        if ("Running".equals(p.phase()) && !p.hamiAllocated()) {
            sb.append(" WITHOUT a HAMi allocation (Running proves nothing)");
        }
        List<ObservedPod.Device> devices = p.devices();
        if (!devices.isEmpty()) {
            sb.append(" [").append(devices.stream().map(d -> d.id() + ": " + d.memMB() + " MB, " + d.cores() + " %")
                    .collect(Collectors.joining("; "))).append(']');
        }
        if (p.reason() != null) {
            sb.append(" - ").append(p.reason());
        }
        if (p.message() != null && !"Running".equals(p.phase())) {
            sb.append(" - ").append(p.message());
        }
        return sb.toString();
    }
}
