package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The ordered event log of the whole lab; each event names the tenant whose API server holds it. */
final class EventLog {

    static final String NORMAL = "Normal";
    static final String WARNING = "Warning";

    private final SimClock clock;
    private final List<LabEvent> events = new ArrayList<>();
    private final boolean texts;

    EventLog(SimClock clock, Recording recording) {
        this.clock = clock;
        this.texts = recording.texts();
    }

    /** Whether events, traces and texts are kept ({@link Recording#FULL}); else nothing is added to the log. */
    boolean texts() {
        return texts;
    }

    /**
     * Longest message kept: HAMi's FilteringSucceed lists every fitting node with its score, which on
     * thousands of nodes would make the log hold hundreds of MB; events.k8s.io caps notes at 1 kB too.
     */
    static final int MAX_MESSAGE = 1024;

    /**
     * Recent texts, so that the same text logged or traced again (every pod pending for the same reasons gets the same
     * FailedScheduling and FilteringFailed texts, up to 1 kB each; pods on one node the same "Running on" line) is one
     * string, not one per pod. A plain map emptied when full: cheaper per text than an access-ordered one, and texts
     * still in use come back at their next use.
     */
    private final Map<String, String> recent = new HashMap<>(2 * RECENT);
    private static final int RECENT = 4096;

    /** The event as logged, or null when the lab keeps no texts ({@link Recording#FIGURES}). */
    @org.jspecify.annotations.Nullable
    LabEvent add(String tenant, String object, String type, String reason, String message, String source) {
        if (!texts) {
            return null;
        }
        // shared whatever its length: a run keeps every event, and short texts repeat too ("Started container main",
        // and a FilteringSucceed text: 50,000 binpack placements on 5,000 nodes logged 11,727 distinct ones; those the
        // filter index repeats come as one instance, whose hash is already known)
        String msg = share(clip(message));
        LabEvent e = new LabEvent(events.size() + 1L, clock.now(), tenant, object, type, reason, msg, source);
        events.add(e);
        return e;
    }

    /** The one instance of a recent text equal to {@code text} (the log's messages, traces' evidence). */
    String share(String text) {
        String known = recent.get(text);
        if (known != null) {
            return known;
        }
        if (recent.size() >= RECENT) {
            recent.clear();
        }
        recent.put(text, text);
        return text;
    }

    /** The message as the log keeps it: at most {@link #MAX_MESSAGE} characters, cut ones ending in "...". */
    static String clip(String message) {
        if (message.length() <= MAX_MESSAGE) {
            return message;
        }
        // one copy, not two (a substring, then it and "..." joined): every placement on a large lab cuts a 1 kB text
        return new StringBuilder(MAX_MESSAGE).append(message, 0, MAX_MESSAGE - 3).append("...").toString();
    }

    int size() {
        return events.size();
    }

    /** {@link #clip(String)} of a text still in its builder, cut in place: one copy of a long text, not two. */
    static String clip(StringBuilder message) {
        if (message.length() > MAX_MESSAGE) {
            message.setLength(MAX_MESSAGE - 3);
            message.append("...");
        }
        return message.toString();
    }

    /** Events appended since {@code mark} (a previous {@link #size()}), as an immutable list. */
    List<LabEvent> since(int mark) {
        return List.copyOf(events.subList(mark, events.size()));
    }

    /** Read-only live view; callers copy when handing it out. */
    List<LabEvent> all() {
        return Collections.unmodifiableList(events);
    }
}
