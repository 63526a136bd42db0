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
import java.util.Map;
import java.util.Set;

/**
 * Turns the openb trace into a scenario document (docs/scenario-format.md; docs/openb.md). Decisions, also written
 * into the scenario's description:
 * <ul>
 *   <li>nodes become workers with their CPU and memory as allocatable, and {@code gpu} cards of the catalog model the
 *       code names (P100, T4, V100M16, V100M32, A10 are catalog aliases); the undisclosed G1/G2/G3 become explicit
 *       cards whose memory is the catalog's assumption (16/32/32 GB), type {@code NVIDIA-OPENB-G<n>};</li>
 *   <li>a GPU pod asks {@code nvidia.com/gpu: num_gpu}, {@code gpucores = gpu_milli / 10} and
 *       {@code gpumem-percentage = gpu_milli / 10}: memory in proportion to whichever card it lands on; every pod
 *       requests its {@code cpu_milli} and {@code memory_mib};</li>
 *   <li>CPU-only pods ({@code num_gpu = 0}) are kept: kube's default scheduler places them, and they take CPU and
 *       memory from GPU nodes as in the trace;</li>
 *   <li>arrivals ({@link Arrivals}): {@code trace} submits pods in creation order and deletes them at their deletion
 *       time, with {@code advance} steps between (at equal times, deletions of older pods come first), or in file
 *       order with no deletions for a list without times; {@code fgd} shuffles the trace's pods and appends copies
 *       drawn from it ({@link FgdWorkload}) and submits everything with no deletions;</li>
 *   <li>nodes and pods are dealt round-robin to {@code tenants} tenants ({@code tenant-1} ...).</li>
 * </ul>
 * No rule skips a row: every pod of the file (or of the tuned FGD workload) is submitted.
 */
public final class OpenbImporter {

    private static final Set<String> UNDISCLOSED = Set.of("G1", "G2", "G3");
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;

    private final CardCatalog catalog;

    public OpenbImporter(CardCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * How to import.
     *
     * @param inflate FGD arrivals: the GPU demand as a multiple of the GPU capacity (the FGD paper goes to 1.3)
     * @param seed    FGD arrivals: the seed of the resampling and the shuffle
     */
    public record Options(int tenants, Arrivals arrivals, double inflate, long seed) {

        public static final Options TRACE = new Options(1, Arrivals.TRACE, 1.3, 42);
    }

    /**
     * The scenario and what went into it.
     *
     * @param gpuPods pods asking for a GPU among {@code pods}
     * @param skipped rows left out, by cause (no rule skips rows today: always empty)
     */
    public record Imported(ObjectNode scenario, int nodes, int pods, int gpuPods, int steps, boolean timed,
                           Map<String, Integer> skipped) { }

    /** The trace-arrival scenario ({@code name} becomes {@code metadata.name}). */
    public ObjectNode toScenario(String name, List<OpenbNode> nodes, List<OpenbPod> pods, int tenants) {
        return importTrace(name, nodes, pods, new Options(tenants, Arrivals.TRACE, 1.3, 42)).scenario();
    }

    /**
     * The scenario for these options.
     *
     * @throws IllegalArgumentException for bad options, or a pod list where some rows have a creation time and
     *                                  others not
     */
    public Imported importTrace(String name, List<OpenbNode> nodes, List<OpenbPod> pods, Options o) {
        int tenants = o.tenants();
        if (tenants < 1 || tenants > nodes.size()) {
            throw new IllegalArgumentException("--tenants must be between 1 and the number of nodes ("
                    + nodes.size() + "), got " + tenants);
        }
        boolean timed = timed(pods);
        List<OpenbPod> workload = o.arrivals() == Arrivals.FGD
                ? FgdWorkload.tune(pods, FgdWorkload.capacity(nodes), o.inflate(), o.seed()) : pods;
        long gpuPods = workload.stream().filter(p -> p.numGpu() > 0).count();
        ObjectNode doc = NF.objectNode();
        doc.put("apiVersion", "gpulab.io/v1");
        doc.put("kind", "Scenario");
        ObjectNode meta = doc.putObject("metadata");
        meta.put("name", name);
        String arrivals = o.arrivals() == Arrivals.FGD
                ? String.format(Locale.ROOT, "FGD arrivals: the trace's %d pods in a random order, then copies "
                + "drawn from them up to %.2f times the GPU capacity (seed %d); all submitted, none deleted",
                pods.size(), o.inflate(), o.seed())
                : timed ? "trace arrivals: created and deleted at the trace's times"
                : "trace arrivals: the list has no times, so pods arrive in file order and are never deleted";
        meta.put("description", String.format(Locale.ROOT, "Imported from the Alibaba openb trace (Weng et al., "
                + "USENIX ATC '23): %d nodes, %d pods (%d with GPUs, %d CPU-only); %s. G1/G2/G3 are undisclosed "
                + "models; their memory is an assumption. gpucores and gpumem-percentage = gpu_milli / 10; pods "
                + "request their cpu_milli and memory_mib.", nodes.size(), workload.size(), gpuPods,
                workload.size() - gpuPods, arrivals));
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
        ArrayNode steps = timed && o.arrivals() == Arrivals.TRACE ? steps(workload, tenants) : submits(workload, tenants);
        doc.set("steps", steps);
        return new Imported(doc, nodes.size(), workload.size(), (int) gpuPods, steps.size(), timed, Map.of());
    }

    /** Whether the pods carry creation times: all do, or none (a list without time columns). */
    private static boolean timed(List<OpenbPod> pods) {
        long withTime = pods.stream().filter(p -> p.creationTime() != null).count();
        if (withTime != 0 && withTime != pods.size()) {
            OpenbPod first = pods.stream().filter(p -> p.creationTime() == null).findFirst().orElseThrow();
            throw new IllegalArgumentException("pod " + first.name() + " has no creation_time while "
                    + withTime + " other pods have one");
        }
        return withTime > 0;
    }

    /** Every pod submitted in list order, none deleted. */
    private ArrayNode submits(List<OpenbPod> pods, int tenants) {
        ArrayNode steps = NF.arrayNode();
        for (int i = 0; i < pods.size(); i++) {
            ObjectNode submit = steps.addObject().putObject("submit");
            submit.put("tenant", tenantName(i % tenants));
            submit.set("pod", manifest(pods.get(i)));
        }
        return steps;
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
            long created = p.creationTime();
            events.add(new Event(created, 1, i, true));
            if (p.deletionTime() != null) {
                long del = Math.max(p.deletionTime(), created);
                events.add(new Event(del, del == created ? 2 : 0, i, false));
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
        if (p.numGpu() > 0) {
            int share = p.numGpu() > 1 ? 100 : Math.max(1, Math.min(100, p.gpuMilli() / 10));
            ObjectNode limits = res.putObject("limits");
            limits.put("nvidia.com/gpu", p.numGpu());
            limits.put("nvidia.com/gpucores", share);
            limits.put("nvidia.com/gpumem-percentage", share);
        }
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
