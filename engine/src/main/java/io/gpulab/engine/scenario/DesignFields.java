package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A field of a lab design in the lab editor's words: {@code lab.tenants[0].workers[0].cpu} is "CPU of worker
 * tenant-a-worker (tenant-a)", {@code lab.hami.deviceSplitCount} is "deviceSplitCount" (the form's own labels), so a
 * refusal names what the user edited rather than a path in a document they never see.
 */
final class DesignFields {

    private static final Pattern SEGMENT = Pattern.compile("([^.\\[]+)(?:\\[(\\d+)])?");

    private DesignFields() {
    }

    /** {@code path} (as {@link ScenarioException#path()} gives it) in the form's words; the path itself otherwise. */
    static String words(JsonNode doc, String path) {
        JsonNode at = doc;
        String tenant = null;
        String worker = null;
        String card = null;
        String last = null;
        boolean hami = false;
        Matcher m = SEGMENT.matcher(path);
        int end = 0;
        while (m.find() && m.start() == (end == 0 ? 0 : end + 1)) {
            end = m.end();
            String key = m.group(1);
            at = at.path(key);
            if (m.group(2) != null) {
                int i = Integer.parseInt(m.group(2));
                at = at.path(i);
                String name = at.path("name").asText("");
                switch (key) {
                    case "tenants" -> tenant = name.isEmpty() ? "tenant " + (i + 1) : name;
                    case "workers" -> worker = name.isEmpty() ? "worker " + (i + 1) : name;
                    case "cards" -> card = "card entry " + (i + 1);
                    default -> { }
                }
                last = null;
            } else {
                hami |= "hami".equals(key);
                last = key;
            }
        }
        if (end != path.length()) {
            return path;
        }
        String owner = worker != null ? "worker " + worker + (tenant != null ? " (" + tenant + ")" : "")
                : tenant != null ? "tenant " + tenant : null;
        if (last == null) {
            return card != null ? card + " of " + owner : owner != null ? owner : path;
        }
        if (hami && card == null) {
            return owner == null ? last : last + " of " + owner;
        }
        String field = switch (last) {
            case "cpu" -> "CPU";
            case "memoryMiB" -> "Memory MiB";
            case "name" -> worker != null ? "worker name" : tenant != null ? "tenant name" : "name";
            default -> last;
        };
        if ("name".equals(last) && card == null) {
            return field;
        }
        String of = card != null ? card + " of " + owner : owner;
        return of == null ? field : field + " of " + of;
    }
}
