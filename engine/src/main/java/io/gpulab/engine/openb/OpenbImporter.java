package io.gpulab.engine.openb;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpulab.engine.scenario.Durations;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns the openb trace into a scenario document (docs/scenario-format.md). Decisions, also written into
 * the scenario's description:
 * <ul>
 *   <li>nodes become workers, {@code gpu} cards of the catalog model the code names (P100, T4, V100M16,
 *       V100M32, A10 are catalog aliases); the undisclosed G1/G2/G3 become explicit cards whose memory
 *       is the catalog's assumption (16/32/32 GB), type {@code NVIDIA-OPENB-G<n>};</li>
 *   <li>a GPU pod asks {@code nvidia.com/gpu: num_gpu}, {@code gpucores = gpu_milli / 10} and
 *       {@code gpumem-percentage = gpu_milli / 10}: memory in proportion to whichever card it lands on;</li>
 *   <li>CPU-only pods ({@code num_gpu = 0}) are skipped: HAMi never sees them;</li>
 *   <li>pods are submitted in creation order and deleted at their deletion time, with {@code advance}
 *       steps for the time in between; at equal times, deletions of older pods come first;</li>
 *   <li>nodes and pods are dealt round-robin to {@code --tenants} tenants ({@code tenant-1} ...).</li>
 * </ul>
 */
public final class OpenbImporter {

    private static final Set<String> UNDISCLOSED = Set.of("G1", "G2", "G3");
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;

    private final CardCatalog catalog;

    public OpenbImporter(CardCatalog catalog) {
        this.catalog = catalog;
    }

    /** The scenario; {@code name} becomes {@code metadata.name}. */
    public ObjectNode toScenario(String name, List<OpenbNode> nodes, List<OpenbPod> pods, int tenants) {
        if (tenants < 1 || tenants > nodes.size()) {
            throw new IllegalArgumentException("--tenants must be between 1 and the number of nodes ("
                    + nodes.size() + "), got " + tenants);
        }
        List<OpenbPod> gpuPods = pods.stream().filter(p -> p.numGpu() > 0).toList();
        ObjectNode doc = NF.objectNode();
        doc.put("apiVersion", "gpulab.io/v1");
        doc.put("kind", "Scenario");
        ObjectNode meta = doc.putObject("metadata");
        meta.put("name", name);
        meta.put("description", String.format(Locale.ROOT, "Imported from the Alibaba openb trace (Weng et al., "
                + "USENIX ATC '23): %d nodes, %d GPU pods replayed in creation order, %d CPU-only pods skipped. "
                + "G1/G2/G3 are undisclosed models; their memory is an assumption. gpucores and "
                + "gpumem-percentage = gpu_milli / 10.", nodes.size(), gpuPods.size(), pods.size() - gpuPods.size()));
        ObjectNode lab = doc.putObject("lab");
        lab.putObject("mockGpu").put("lifecycle", "complete");
        ArrayNode tenantList = lab.putArray("tenants");
        List<ArrayNode> workers = new ArrayList<>();
        for (int t = 0; t < tenants; t++) {
            ObjectNode tn = tenantList.addObject();
            tn.put("name", tenantName(t));
            workers.add(tn.putArray("workers"));
        }
        for (int i = 0; i < nodes.size(); i++) {
            workers.get(i % tenants).add(worker(nodes.get(i)));
        }
        doc.set("steps", steps(gpuPods, tenants));
        return doc;
    }

    private static String tenantName(int t) {
        return "tenant-" + (t + 1);
    }

    private ObjectNode worker(OpenbNode n) {
        ObjectNode w = NF.objectNode();
        w.put("name", n.sn().toLowerCase(Locale.ROOT));
        w.put("cpu", Math.max(1, (int) ((n.cpuMilli() + 999) / 1000)));
        w.put("memoryMiB", Math.max(1, (int) n.memoryMib()));
        ArrayNode cards = w.putArray("cards");
        if (n.gpu() > 0) {
            ObjectNode c = cards.addObject();
            if (UNDISCLOSED.contains(n.model())) {
                c.put("type", "NVIDIA-OPENB-" + n.model());
                c.put("memoryMB", catalog.find(n.model()).map(CardModel::memoryMB).orElse(32768));
            } else {
                c.put("model", catalog.require(n.model()).name());
            }
            c.put("count", n.gpu());
        }
        return w;
    }

    private ArrayNode steps(List<OpenbPod> pods, int tenants) {
        record Event(long time, int order, int pod, boolean create) { }
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < pods.size(); i++) {
            OpenbPod p = pods.get(i);
            events.add(new Event(p.creationTime(), 1, i, true));
            if (p.deletionTime() != null) {
                long del = Math.max(p.deletionTime(), p.creationTime());
                events.add(new Event(del, del == p.creationTime() ? 2 : 0, i, false));
            }
        }
        events.sort(Comparator.comparingLong(Event::time).thenComparingInt(Event::order)
                .thenComparingInt(Event::pod));
        ArrayNode steps = NF.arrayNode();
        long now = events.isEmpty() ? 0 : events.get(0).time();
        for (Event e : events) {
            if (e.time() > now) {
                steps.addObject().put("advance", Durations.format(Duration.ofSeconds(e.time() - now)));
                now = e.time();
            }
            OpenbPod p = pods.get(e.pod());
            String tenant = tenantName(e.pod() % tenants);
            if (e.create()) {
                ObjectNode submit = steps.addObject().putObject("submit");
                submit.put("tenant", tenant);
                submit.set("pod", manifest(p));
            } else {
                ObjectNode delete = steps.addObject().putObject("delete");
                delete.put("tenant", tenant);
                delete.put("pod", "default/" + podName(p));
            }
        }
        return steps;
    }

    private ObjectNode manifest(OpenbPod p) {
        ObjectNode pod = NF.objectNode();
        pod.put("apiVersion", "v1");
        pod.put("kind", "Pod");
        ObjectNode meta = pod.putObject("metadata");
        meta.put("name", podName(p));
        meta.put("namespace", "default");
        String types = gpuTypes(p.gpuSpec());
        if (!types.isEmpty()) {
            meta.putObject("annotations").put("nvidia.com/use-gputype", types);
        }
        ObjectNode c = pod.putObject("spec").putArray("containers").addObject();
        c.put("name", "main");
        c.put("image", "busybox:1.36");
        ObjectNode res = c.putObject("resources");
        int share = p.numGpu() > 1 ? 100 : Math.max(1, Math.min(100, p.gpuMilli() / 10));
        ObjectNode limits = res.putObject("limits");
        limits.put("nvidia.com/gpu", p.numGpu());
        limits.put("nvidia.com/gpucores", share);
        limits.put("nvidia.com/gpumem-percentage", share);
        ObjectNode requests = res.putObject("requests");
        requests.put("cpu", p.cpuMilli() + "m");
        requests.put("memory", p.memoryMib() + "Mi");
        return pod;
    }

    private static String podName(OpenbPod p) {
        return p.name().toLowerCase(Locale.ROOT);
    }

    /** HAMi's use-gputype list for a gpu_spec such as {@code V100M16|V100M32}. */
    private String gpuTypes(@org.jspecify.annotations.Nullable String spec) {
        if (spec == null || spec.isBlank()) {
            return "";
        }
        List<String> types = new ArrayList<>();
        for (String code : spec.split("\\|")) {
            String c = code.trim();
            types.add(UNDISCLOSED.contains(c) ? "NVIDIA-OPENB-" + c : catalog.require(c).type());
        }
        return String.join(",", types);
    }
}
