package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.gpulab.engine.api.LabEvent;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The ordered event log of a real lab: Kubernetes Events in the order this process first saw each
 * (event uid, count) pair, so a re-list after a dropped watch never duplicates or loses an entry.
 */
final class EventLog {

    private final List<LabEvent> entries = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

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
        LabEvent entry = new LabEvent(entries.size() + 1, timeOf(e), tenant, object,
                e.getType() == null ? "Normal" : e.getType(), String.valueOf(e.getReason()),
                String.valueOf(e.getMessage()), source);
        entries.add(entry);
        return entry;
    }

    synchronized List<LabEvent> all() {
        return List.copyOf(entries);
    }

    synchronized int size() {
        return entries.size();
    }

    synchronized List<LabEvent> since(int index) {
        return List.copyOf(entries.subList(Math.min(index, entries.size()), entries.size()));
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
