package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.gpulab.engine.api.LabEvent;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The ordered event log of a real lab: Kubernetes Events in the order this process first saw each
 * (event uid, count) pair, so a re-list after a dropped watch never duplicates or loses an entry.
 * Bounded: a lab watched for days must not grow the heap without end. The newest {@link #CAPACITY}
 * entries are kept (sequence numbers keep counting, so listeners still see what is new), and four
 * times as many occurrences are remembered as already logged, enough for a re-list of every Event a
 * cluster keeps (the API server drops Events after an hour by default).
 */
final class EventLog {

    /** Entries kept; BACKENDS.md states this number. */
    static final int CAPACITY = 10_000;

    private final int capacity;
    private final java.util.ArrayDeque<LabEvent> entries = new java.util.ArrayDeque<>();
    private final Set<String> seen;
    private long total;

    EventLog() {
        this(CAPACITY);
    }

    EventLog(int capacity) {
        this.capacity = capacity;
        int seenCapacity = 4 * capacity;
        this.seen = java.util.Collections.newSetFromMap(new java.util.LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(java.util.Map.Entry<String, Boolean> eldest) {
                return size() > seenCapacity;
            }
        });
    }

    /** Appends the event unless this occurrence is already logged; returns the new entry or null. */
    synchronized @Nullable LabEvent add(String tenant, Event e) {
        String key = tenant + "/" + e.getMetadata().getUid() + "/" + e.getMetadata().getName() + "/" + e.getCount();
        if (!seen.add(key)) {
            return null;
        }
        ObjectReference o = e.getInvolvedObject();
        String object = o == null ? "" : o.getKind() + "/"
                + (o.getNamespace() == null || o.getNamespace().isEmpty() ? "" : o.getNamespace() + "/") + o.getName();
        String source = e.getReportingComponent() != null && !e.getReportingComponent().isEmpty()
                ? e.getReportingComponent() : e.getSource() == null ? "" : String.valueOf(e.getSource().getComponent());
        LabEvent entry = new LabEvent(++total, timeOf(e), tenant, object,
                e.getType() == null ? "Normal" : e.getType(), String.valueOf(e.getReason()),
                String.valueOf(e.getMessage()), source);
        entries.addLast(entry);
        if (entries.size() > capacity) {
            entries.removeFirst();
        }
        return entry;
    }

    synchronized List<LabEvent> all() {
        return List.copyOf(entries);
    }

    /** How many entries were ever logged (the last sequence number), kept ones or not. */
    synchronized long total() {
        return total;
    }

    /** The kept entries with a sequence number above {@code seq}. */
    synchronized List<LabEvent> since(long seq) {
        List<LabEvent> out = new ArrayList<>();
        for (LabEvent e : entries) {
            if (e.seq() > seq) {
                out.add(e);
            }
        }
        return out;
    }

    static Instant timeOf(Event e) {
        String t = e.getLastTimestamp() != null ? e.getLastTimestamp()
                : e.getEventTime() != null ? e.getEventTime().getTime()
                : e.getFirstTimestamp() != null ? e.getFirstTimestamp() : e.getMetadata().getCreationTimestamp();
        try {
            return t == null ? Instant.EPOCH : Instant.parse(t);
        } catch (DateTimeParseException ex) {
            return Instant.EPOCH;
        }
    }
}
