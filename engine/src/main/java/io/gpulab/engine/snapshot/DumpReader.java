package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@code kubectl get ... -o yaml} (or {@code -o json}) dump: a v1 {@code List} (or any {@code *List}, or
 * single objects, several YAML documents allowed). Items are bound to fabric8's model by kind; a Secret is passed
 * over before its content is bound to anything, so no Secret data is ever held. An item that does not bind (a
 * garbage value) or of a kind the lab does not use is listed as skipped, by object.
 */
public final class DumpReader {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final KubernetesSerialization KUBE = new KubernetesSerialization();

    private DumpReader() {
    }

    /** @throws IOException when the file cannot be read or is not YAML/JSON at all */
    public static Dump read(Path file) throws IOException {
        List<JsonNode> items = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file);
             JsonParser p = YAML.getFactory().createParser(in);
             MappingIterator<JsonNode> docs = YAML.readValues(p, JsonNode.class)) {
            while (docs.hasNextValue()) {
                JsonNode doc = docs.nextValue();
                if (doc == null || doc.isNull() || doc.isMissingNode()) {
                    continue;
                }
                String kind = doc.path("kind").asText("");
                if (kind.endsWith("List") && doc.path("items").isArray()) {
                    doc.path("items").forEach(items::add);
                } else {
                    items.add(doc);
                }
            }
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IOException(file + ": not a YAML or JSON document: " + e.getOriginalMessage(), e);
        }
        return bind(file.toString(), items);
    }

    static Dump bind(String file, List<JsonNode> items) {
        List<Node> nodes = new ArrayList<>();
        List<Pod> pods = new ArrayList<>();
        List<ResourceQuota> quotas = new ArrayList<>();
        List<Event> events = new ArrayList<>();
        List<GenericKubernetesResource> others = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String kind = item.path("kind").asText("");
            String name = describe(item, i);
            try {
                switch (kind) {
                    case "Secret" -> skipped.add(name + ": Secrets are never read");
                    case "Node" -> nodes.add(KUBE.convertValue(item, Node.class));
                    case "Pod" -> pods.add(KUBE.convertValue(item, Pod.class));
                    case "ResourceQuota" -> quotas.add(KUBE.convertValue(item, ResourceQuota.class));
                    case "Event" -> events.add(KUBE.convertValue(item, Event.class));
                    case "" -> skipped.add(name + ": no kind");
                    default -> others.add(KUBE.convertValue(item, GenericKubernetesResource.class));
                }
            } catch (IllegalArgumentException e) {
                skipped.add(name + ": does not bind to the Kubernetes model: " + firstLine(e.getMessage()));
            }
        }
        return new Dump(file, nodes, pods, quotas, events, others, skipped);
    }

    /** {@code Kind namespace/name} (or the item's position when it has no name). */
    static String describe(JsonNode item, int index) {
        String kind = item.path("kind").asText("item");
        JsonNode meta = item.path("metadata");
        String name = meta.path("name").asText("");
        String ns = meta.path("namespace").asText("");
        if (name.isEmpty()) {
            return kind + " #" + (index + 1);
        }
        return kind + " " + (ns.isEmpty() ? "" : ns + "/") + name;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
