package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/**
 * The fields of a dumped object that the import reads, by kind: everything else (managedFields, env, volumes,
 * conditions, an Event's message) is dropped before the object is bound, so neither memory nor the scenario carries
 * it. Objects of the Kamaji API group are kept whole (the management dump's TenantControlPlanes and DataStores).
 */
final class DumpFields {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> CONTAINER = List.of("name", "image", "resources");
    private static final Map<String, List<String>> KEEP = Map.of(
            // labels, taints, unschedulable, allocatable and the kubelet's version: a management node and a
            // worker's kubeletVersion (import snapshot --management) are read from them
            "Node", List.of("metadata.name", "metadata.namespace", "metadata.labels", "metadata.annotations",
                    "spec.unschedulable", "spec.taints", "status.capacity", "status.allocatable", "status.nodeInfo"),
            "Pod", List.of("metadata.name", "metadata.namespace", "metadata.labels", "metadata.annotations",
                    "spec.schedulerName", "spec.nodeName", "spec.containers", "spec.initContainers",
                    "status.phase", "status.initContainerStatuses"),
            "ResourceQuota", List.of("metadata.name", "metadata.namespace", "spec.hard"),
            "Event", List.of("metadata.name", "metadata.namespace"));

    private DumpFields() {
    }

    /**
     * Whether the import reads field {@code top} (with {@code second} null) or {@code top.second} of an object of
     * this kind: what {@link #slim} would keep, asked while the object streams by.
     */
    static boolean reads(@org.jspecify.annotations.Nullable String apiVersion, String kind, String top,
                         @org.jspecify.annotations.Nullable String second) {
        if (apiVersion != null && apiVersion.startsWith("kamaji.clastix.io") || "apiVersion".equals(top)
                || "kind".equals(top)) {
            return true;
        }
        for (String path : KEEP.getOrDefault(kind, List.of("metadata.name", "metadata.namespace"))) {
            if (second == null ? path.startsWith(top + ".") : path.equals(top + "." + second)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code top}'s fields are filtered one by one (not for the Kamaji group, kept whole). */
    static boolean filtersBelow(@org.jspecify.annotations.Nullable String apiVersion, String kind, String top) {
        return !(apiVersion != null && apiVersion.startsWith("kamaji.clastix.io")) && !"apiVersion".equals(top)
                && !"kind".equals(top);
    }

    /** The object as the import reads it. */
    static JsonNode slim(String kind, JsonNode item) {
        if (item.path("apiVersion").asText("").startsWith("kamaji.clastix.io")) {
            return item;
        }
        ObjectNode out = NODES.objectNode();
        out.set("apiVersion", item.path("apiVersion").isTextual() ? item.get("apiVersion") : NODES.textNode("v1"));
        out.set("kind", item.get("kind"));
        for (String path : KEEP.getOrDefault(kind, List.of("metadata.name", "metadata.namespace"))) {
            int dot = path.indexOf('.');
            String top = path.substring(0, dot);
            String field = path.substring(dot + 1);
            JsonNode from = item.path(top).path(field);
            if (from.isMissingNode()) {
                continue;
            }
            if (!out.has(top)) {
                out.putObject(top);
            }
            ((ObjectNode) out.get(top)).set(field, field.endsWith("ontainers") ? containers(from) : from);
        }
        return out;
    }

    private static JsonNode containers(JsonNode list) {
        if (!list.isArray()) {
            return list;
        }
        ArrayNode out = NODES.arrayNode();
        for (JsonNode c : list) {
            if (!c.isObject()) {
                out.add(c);
                continue;
            }
            ObjectNode o = out.addObject();
            for (String f : CONTAINER) {
                if (c.has(f)) {
                    o.set(f, c.get(f));
                }
            }
        }
        return out;
    }

    /**
     * The bytes {@code n} takes at the least in a scenario: as compact JSON (keys and values with their quotes and
     * punctuation); YAML's indentation only adds to it. A lower bound, so an import refused by it could not be written.
     */
    static long writtenSize(JsonNode n) {
        long size = 2;
        if (n.isObject()) {
            for (var e : n.properties()) {
                size += e.getKey().length() + 4 + writtenSize(e.getValue());
            }
        } else if (n.isArray()) {
            for (JsonNode v : n) {
                size += 1 + writtenSize(v);
            }
        } else {
            size = n.asText().length() + 2;
        }
        return size;
    }
}
