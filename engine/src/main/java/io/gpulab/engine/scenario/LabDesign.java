package io.gpulab.engine.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import java.io.StringReader;
import java.util.List;
import java.util.function.Consumer;

/**
 * A lab's design as a scenario document without steps ({@code apiVersion}, {@code kind}, {@code metadata},
 * {@code lab}), and the {@link LabSpec} it reads as. Each edit changes the document and reads it back
 * through the {@link ScenarioReader}, so an edit the scenario format would reject is refused with the
 * reader's own message, and the document is by construction what {@code gpulab run} reads.
 *
 * @param yaml the scenario document (no steps)
 * @param spec what it reads as
 */
public record LabDesign(String yaml, LabSpec spec) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
    private static final String FILE = "lab design";

    /** The design of a scenario document (its steps are dropped). */
    public static LabDesign of(String scenarioYaml) {
        ObjectNode doc = parse(scenarioYaml);
        doc.remove("steps");
        return read(doc);
    }

    /** The catalog's card models, for picking cards (name and memory). */
    public static List<CardModel> catalog() {
        return CardCatalog.builtIn().models();
    }

    // ---- edits: each returns the new design or throws IllegalArgumentException saying why not ----

    /** A tenant with one 4 CPU / 8 GiB worker ({@code NAME-worker}) and no cards yet. */
    public LabDesign addTenant(String name) {
        // the tenant is read before its worker: a bad name is refused as the tenant's, not as 'NAME-worker'
        return edit(doc -> tenants(doc).addObject().put("name", name).putArray("workers"))
                .addWorker(name, name + "-worker", 4, 8192);
    }

    public LabDesign removeTenant(String tenant) {
        return edit(doc -> tenants(doc).remove(indexOf(tenants(doc), tenant, "tenant")));
    }

    public LabDesign addWorker(String tenant, String name, int cpu, int memoryMiB) {
        return edit(doc -> {
            ObjectNode w = workers(doc, tenant).addObject();
            w.put("name", name);
            w.put("cpu", cpu);
            w.put("memoryMiB", memoryMiB);
        });
    }

    public LabDesign removeWorker(String tenant, String worker) {
        return edit(doc -> workers(doc, tenant).remove(indexOf(workers(doc, tenant), worker, "worker")));
    }

    /** Sets a worker's CPU cores and memory. */
    public LabDesign setWorker(String tenant, String worker, int cpu, int memoryMiB) {
        return edit(doc -> {
            ObjectNode w = worker(doc, tenant, worker);
            w.put("cpu", cpu);
            w.put("memoryMiB", memoryMiB);
        });
    }

    /** Adds {@code count} cards of a catalog model to a worker. */
    public LabDesign addCards(String tenant, String worker, String model, int count) {
        return edit(doc -> {
            ObjectNode w = worker(doc, tenant, worker);
            ArrayNode cards = w.has("cards") && w.get("cards").isArray() ? (ArrayNode) w.get("cards")
                    : w.putArray("cards");
            ObjectNode c = cards.addObject();
            c.put("model", model);
            c.put("count", count);
        });
    }

    /** Removes the worker's card at {@code index} (0-based, in the order the cards are listed and counted). */
    public LabDesign removeCard(String tenant, String worker, int index) {
        return edit(doc -> {
            ObjectNode w = worker(doc, tenant, worker);
            JsonNode cards = w.path("cards");
            int at = 0;
            for (int i = 0; i < cards.size(); i++) {
                ObjectNode c = (ObjectNode) cards.get(i);
                int n = c.path("count").asInt(1);
                if (index < at + n) {
                    if (n > 1) {
                        c.put("count", n - 1);
                    } else {
                        ((ArrayNode) cards).remove(i);
                    }
                    return;
                }
                at += n;
            }
            throw new IllegalArgumentException("worker " + worker + " has no card " + index);
        });
    }

    /**
     * Sets one {@code lab.hami} value (HAMi's Helm settings; the sim runs one HAMi configuration for all
     * tenants), e.g. {@code deviceSplitCount} 4, {@code gpuSchedulerPolicy} binpack.
     */
    public LabDesign setHami(String field, String value) {
        return edit(doc -> {
            ObjectNode lab = (ObjectNode) doc.path("lab");
            ObjectNode hami = lab.has("hami") && lab.get("hami").isObject() ? (ObjectNode) lab.get("hami")
                    : lab.putObject("hami");
            if (value.matches("-?\\d+")) {
                hami.put(field, Long.parseLong(value));
            } else if (value.matches("-?\\d+\\.\\d+")) {
                hami.put(field, Double.parseDouble(value));
            } else {
                hami.put(field, value);
            }
        });
    }

    /**
     * This design as an edit of the scenario {@code origin}: named {@code ORIGIN (edited)}, its description saying so
     * and listing {@code changes} (oldest first) before the scenario's own description, marked as written before the
     * edits ({@link EditedDescription}), so a saved file, a report and the window never present an edited lab as the
     * scenario, nor the scenario's figures as the edited lab's.
     */
    public LabDesign editedFrom(String origin, String originDescription, List<String> changes) {
        return edit(doc -> {
            ObjectNode meta = doc.has("metadata") && doc.get("metadata").isObject() ? (ObjectNode) doc.get("metadata")
                    : doc.putObject("metadata");
            meta.put("name", editedName(origin));
            meta.put("description", EditedDescription.compose(origin, originDescription, changes));
        });
    }

    /** The name of an edited lab: {@code article (edited)}. */
    public static String editedName(String origin) {
        return origin + " (edited)";
    }

    // ---- plumbing ----

    private LabDesign edit(Consumer<ObjectNode> change) {
        ObjectNode doc = parse(yaml);
        change.accept(doc);
        return read(doc);
    }

    private static LabDesign read(ObjectNode doc) {
        String text;
        try {
            text = YAML.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write the design: " + e.getOriginalMessage(), e);
        }
        try {
            Scenario s = new ScenarioReader().read(FILE, new StringReader(text), false);
            return new LabDesign(text, s.lab());
        } catch (ScenarioException e) {
            // the design is a document nobody sees: its file and line mean nothing, the field edited does
            String field = e.path().isEmpty() ? "" : DesignFields.words(doc, e.path());
            throw new IllegalArgumentException(field.isEmpty() || e.problem().startsWith(field) ? e.problem()
                    : field + ": " + e.problem(), e);
        }
    }

    private static ObjectNode parse(String text) {
        try {
            JsonNode n = YAML.readTree(text);
            if (!(n instanceof ObjectNode o) || !o.path("lab").isObject()) {
                throw new IllegalArgumentException("a scenario document with a 'lab' mapping is needed");
            }
            return o;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("scenario: " + e.getOriginalMessage(), e);
        }
    }

    private static ArrayNode tenants(ObjectNode doc) {
        JsonNode t = doc.path("lab").path("tenants");
        if (!t.isArray()) {
            throw new IllegalArgumentException("lab.tenants: expected a list");
        }
        return (ArrayNode) t;
    }

    private static ObjectNode tenant(ObjectNode doc, String name) {
        return (ObjectNode) tenants(doc).get(indexOf(tenants(doc), name, "tenant"));
    }

    private static ArrayNode workers(ObjectNode doc, String tenant) {
        ObjectNode t = tenant(doc, tenant);
        return t.has("workers") && t.get("workers").isArray() ? (ArrayNode) t.get("workers") : t.putArray("workers");
    }

    private static ObjectNode worker(ObjectNode doc, String tenant, String worker) {
        ArrayNode ws = workers(doc, tenant);
        return (ObjectNode) ws.get(indexOf(ws, worker, "worker"));
    }

    private static int indexOf(ArrayNode list, String name, String what) {
        for (int i = 0; i < list.size(); i++) {
            if (name.equals(list.get(i).path("name").asText())) {
                return i;
            }
        }
        throw new IllegalArgumentException("no " + what + " '" + name + "' in the lab");
    }
}
