package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.gpulab.engine.scenario.InputFile;
import io.gpulab.engine.scenario.Quote;
import io.gpulab.engine.yaml.LinearYaml;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a {@code kubectl get ... -o yaml} (or {@code -o json}) dump: a v1 {@code List} (or any {@code *List}, or
 * single objects, several YAML documents allowed), streamed one object at a time ({@link DumpStream}) in time linear
 * in the file, however long one value is. Each object is cut down to the fields the import reads before it is bound
 * to fabric8's model by kind ({@link DumpFields}), so memory follows what the scenario keeps, not the dump's size. A
 * Secret is passed over before its content is bound to anything. An object without a name, one that does not bind
 * (a garbage value) or of a kind the lab does not use is listed as skipped, by file, line and object. The bounds are
 * {@link DumpLimits}'.
 */
public final class DumpReader {

    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxStringLength((int) Math.min(Integer.MAX_VALUE, DumpLimits.MAX_DUMP_BYTES))
            .maxNestingDepth(DumpLimits.MAX_DEPTH + 10).maxDocumentLength(DumpLimits.MAX_DUMP_BYTES).build();
    private static final JsonFactory JSON = JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build();
    private static final YAMLFactory YAML = yaml();
    private static final KubernetesSerialization KUBE = new KubernetesSerialization();

    private DumpReader() {
    }

    private static YAMLFactory yaml() {
        LoaderOptions o = new LoaderOptions();
        o.setCodePointLimit(Integer.MAX_VALUE); // the file's size is bounded instead, in bytes, before it is read
        o.setNestingDepthLimit(DumpLimits.MAX_DEPTH + 10);
        YAMLFactory f = LinearYaml.factory(o);
        f.setStreamReadConstraints(CONSTRAINTS);
        return f;
    }

    /**
     * @throws IOException naming the file (and line) when it is not a regular file, exceeds a limit, or is not YAML
     *                     or JSON at all
     */
    public static Dump read(Path file) throws IOException {
        InputFile.requireRegular(file, "a dump", DumpLimits.MAX_DUMP_BYTES);
        long[] read = new long[1];
        Collector c = new Collector(file.toString(), HeapGuard.forThisJvm(), () -> read[0], Files.size(file));
        try (InputStream in = new BufferedInputStream(counted(Files.newInputStream(file), read), 1 << 16)) {
            boolean json = startsAsJson(in);
            try (JsonParser p = (json ? JSON : YAML).createParser(in)) {
                new DumpStream(file.toString(), p).run(c);
            }
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new IOException(file + (line > 0 ? ":" + line : "") + ": not a YAML or JSON document: "
                    + Quote.clip(e.getOriginalMessage().lines().findFirst().orElse("")), e);
        } catch (org.yaml.snakeyaml.error.YAMLException e) {
            throw new IOException(file + ": not a YAML document: " + Quote.clip(String.valueOf(e.getMessage())), e);
        }
        return c.dump();
    }

    /** {@code in}, adding the bytes it gives to {@code read[0]}: how far the reading got, for {@link HeapGuard}'s stop. */
    private static InputStream counted(InputStream in, long[] read) {
        return new java.io.FilterInputStream(in) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                read[0] += Math.max(0, n);
                return n;
            }
        };
    }

    /** JSON ({@code -o json}) is read by Jackson's JSON parser, several times faster than a YAML parser. */
    private static boolean startsAsJson(InputStream in) throws IOException {
        in.mark(4096);
        try {
            for (int i = 0; i < 4096; i++) {
                int b = in.read();
                if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                    return b == '{' || b == '[';
                }
            }
            return false;
        } finally {
            in.reset();
        }
    }

    /** Binds each object as it streams by. */
    private static final class Collector implements DumpStream.Sink {
        private final String file;
        private final List<Node> nodes = new ArrayList<>();
        private final List<Pod> pods = new ArrayList<>();
        private final List<ResourceQuota> quotas = new ArrayList<>();
        private final List<Event> events = new ArrayList<>();
        private final List<GenericKubernetesResource> others = new ArrayList<>();
        private final List<String> skipped = new ArrayList<>();
        private final Map<Object, Integer> lines = new IdentityHashMap<>();
        private final HeapGuard heap;
        private final java.util.function.LongSupplier read;
        private final long size;
        private int objects;
        private long kept;

        Collector(String file, HeapGuard heap, java.util.function.LongSupplier read, long size) {
            this.file = file;
            this.heap = heap;
            this.read = read;
            this.size = size;
        }

        @Override
        public void item(JsonNode item, int line) throws IOException {
            objects++;
            if (objects > DumpLimits.MAX_OBJECTS) {
                throw new IOException(String.format(Locale.ROOT, "%s:%d: more than %,d objects; a dump is limited "
                        + "to %,d (dump fewer namespaces: kubectl get ... -n NAMESPACE)", file, line,
                        DumpLimits.MAX_OBJECTS, DumpLimits.MAX_OBJECTS));
            }
            String name = describe(item, objects - 1);
            String at = file + ":" + line + ": " + name;
            java.util.OptionalLong full = heap.over();
            if (full.isPresent()) {
                throw new IOException(HeapGuard.message(at, objects, read.getAsLong(), size, full.getAsLong(),
                        heap.max(), Runtime.getRuntime().maxMemory(), heap.collects()));
            }
            if (!item.isObject()) {
                skipped.add(at + ": not an object");
                return;
            }
            String kind = item.path("kind").isTextual() ? item.path("kind").asText() : "";
            boolean named = item.path("metadata").path("name").isTextual()
                    && !item.path("metadata").path("name").asText().isEmpty();
            switch (kind) {
                case "Secret" -> skipped.add(at + ": Secrets are never read");
                case "" -> skipped.add(at + ": no kind");
                case "Node", "Pod", "ResourceQuota" -> {
                    if (!named) {
                        skipped.add(at + ": metadata.name missing (a " + kind + " needs one; not imported)");
                        return;
                    }
                    JsonNode slim = DumpFields.slim(kind, item);
                    Object o = bind(at, slim, kind);
                    if (o != null) {
                        lines.put(o, line);
                        kept += DumpFields.writtenSize(slim);
                        if (kept > DumpLimits.MAX_SCENARIO_BYTES) {
                            throw new IOException(String.format(Locale.ROOT, "%s: the scenario would be larger than "
                                    + "%,d bytes (%d MiB), the largest file gpulab run reads, after %,d nodes and "
                                    + "%,d pods; import fewer namespaces (kubectl get ... -n NAMESPACE)", at,
                                    DumpLimits.MAX_SCENARIO_BYTES, DumpLimits.MAX_SCENARIO_BYTES >> 20,
                                    nodes.size(), pods.size()));
                        }
                    }
                }
                case "Event" -> {
                    Object o = bind(at, DumpFields.slim(kind, item), kind);
                    if (o != null) {
                        lines.put(o, line);
                    }
                }
                default -> {
                    Object o = bind(at, DumpFields.slim(kind, item), "");
                    if (o != null) {
                        lines.put(o, line);
                    }
                }
            }
        }

        private Object bind(String at, JsonNode item, String kind) {
            try {
                switch (kind) {
                    case "Node" -> {
                        Node n = KUBE.convertValue(item, Node.class);
                        nodes.add(n);
                        return n;
                    }
                    case "Pod" -> {
                        Pod p = KUBE.convertValue(item, Pod.class);
                        pods.add(p);
                        return p;
                    }
                    case "ResourceQuota" -> {
                        ResourceQuota q = KUBE.convertValue(item, ResourceQuota.class);
                        quotas.add(q);
                        return q;
                    }
                    case "Event" -> {
                        Event e = KUBE.convertValue(item, Event.class);
                        events.add(e);
                        return e;
                    }
                    default -> {
                        GenericKubernetesResource r = KUBE.convertValue(item, GenericKubernetesResource.class);
                        others.add(r);
                        return r;
                    }
                }
            } catch (IllegalArgumentException e) {
                skipped.add(at + " " + path(e) + ": not a valid value (the object is not imported)");
                return null;
            }
        }

        Dump dump() {
            return new Dump(file, nodes, pods, quotas, events, others, skipped, lines);
        }
    }

    /** The field a binding error is at, as {@code spec.containers[0].ports[0].containerPort}, without class names. */
    static String path(IllegalArgumentException e) {
        Throwable t = e;
        while (t != null && !(t instanceof JsonMappingException)) {
            t = t.getCause();
        }
        if (!(t instanceof JsonMappingException m) || m.getPath().isEmpty()) {
            return "(a field)";
        }
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(Quote.clip(r.getFieldName()));
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    /** {@code Kind namespace/name} (or the item's position when it has no name). */
    static String describe(JsonNode item, int index) {
        String kind = item.path("kind").isTextual() ? Quote.clip(item.path("kind").asText()) : "item";
        JsonNode meta = item.path("metadata");
        String name = meta.path("name").isTextual() ? meta.path("name").asText() : "";
        String ns = meta.path("namespace").isTextual() ? meta.path("namespace").asText() : "";
        if (name.isEmpty()) {
            return kind + " #" + (index + 1);
        }
        return kind + " " + (ns.isEmpty() ? "" : Quote.clip(ns) + "/") + Quote.clip(name);
    }
}
