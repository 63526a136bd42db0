package io.gpulab.engine.api;

import java.util.List;

/**
 * What a command did: {@code accepted} false means it was refused as a whole (nothing applied) and
 * {@code message} says why, naming the tenant, pod or field at fault.
 */
public record CommandResult(boolean accepted, String message, List<LabEvent> events) {

    public CommandResult {
        events = List.copyOf(events);
    }

    public static CommandResult ok(List<LabEvent> events) {
        return new CommandResult(true, "", events);
    }

    public static CommandResult refused(String message) {
        return new CommandResult(false, message, List.of());
    }
}
