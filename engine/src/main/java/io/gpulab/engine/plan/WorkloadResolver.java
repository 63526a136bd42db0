package io.gpulab.engine.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.openb.Arrivals;
import io.gpulab.engine.openb.OpenbCsv;
import io.gpulab.engine.openb.OpenbImporter;
import io.gpulab.engine.openb.OpenbNode;
import io.gpulab.engine.openb.OpenbPod;
import io.gpulab.engine.scenario.Durations;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.Step;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.request.RequestParser;
import io.gpulab.engine.lab.HamiSettings;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Turns a plan's {@link WorkloadSpec} into a {@link Workload}: pods with their asks, and arrival order. */
public final class WorkloadResolver {

    private static final ObjectMapper TREE = new ObjectMapper();

    private final CardCatalog catalog;
    private final @Nullable Function<Boolean, List<Map<String, Object>>> clusterPods;

    /**
     * @param clusterPods for a {@code cluster} workload: the live cluster's GPU pod manifests (argument: pending
     *                    only), or {@code null} when no cluster was given
     */
    public WorkloadResolver(CardCatalog catalog, @Nullable Function<Boolean, List<Map<String, Object>>> clusterPods) {
        this.catalog = catalog;
        this.clusterPods = clusterPods;
    }

    /** @throws IllegalArgumentException when the workload cannot be read (trace file, missing cluster) */
    public Workload resolve(WorkloadSpec spec) {
        if (spec instanceof WorkloadSpec.Templates t) {
            return templates(t);
        }
        if (spec instanceof WorkloadSpec.ScenarioSubmits s) {
            return scenario(spec.describe(), new ScenarioReader(catalog).load(s.scenario()));
        }
        if (spec instanceof WorkloadSpec.Openb o) {
            // the importer's own checks (inflate, empty traces) say what is wrong in its words
            return openb(o);
        }
        return cluster((WorkloadSpec.Cluster) spec);
    }

    private Workload templates(WorkloadSpec.Templates t) {
        List<PlanPod> pods = new ArrayList<>();
        List<Arrival> events = new ArrayList<>();
        for (PodTemplate p : t.templates()) {
            List<String> types = p.modelType() == null ? List.of() : List.of(p.modelType());
            List<String> models = p.model() == null ? List.of() : List.of(p.model());
            for (int i = 1; i <= p.count(); i++) {
                events.add(new Arrival.Submit(pods.size()));
                Map<String, Object> manifest = p.manifest(i);
                pods.add(new PlanPod("default/" + p.name() + "-" + i, p.name(), manifest, p.gpus(), p.gpuMemMB(),
                        p.whole() ? 100 : p.gpuMemPct(), p.whole() ? 100 : p.gpuCores(), p.cpuMilli(), p.memoryMiB(),
                        types, models, AllocationCurve.demandMilli(manifest)));
            }
        }
        return new Workload(t.describe(), pods, events);
    }

    private Workload scenario(String description, Scenario s) {
        List<PlanPod> pods = new ArrayList<>();
        List<Arrival> events = new ArrayList<>();
        Map<String, Integer> live = new HashMap<>();
        Map<String, Integer> names = new HashMap<>();
        // a snapshot's (or any lab's) existing live GPU pods come first, as the workload the cluster carried
        for (io.gpulab.engine.lab.TenantSpec t : s.lab().tenants()) {
            for (Map<String, Object> manifest : io.gpulab.engine.snapshot.OfflineLab.liveGpuPods(t)) {
                @SuppressWarnings("unchecked")
                Map<String, Object> meta = (Map<String, Object>) manifest.get("metadata");
                String key = (meta.get("namespace") == null ? "default" : meta.get("namespace")) + "/"
                        + meta.get("name");
                int seen = names.merge(key, 1, Integer::sum);
                Map<String, Object> m = manifest;
                if (seen > 1) {
                    key = key + "-" + seen;
                    m = renamed(manifest, key.substring(key.indexOf('/') + 1));
                }
                live.put(t.name() + "|" + key, pods.size());
                events.add(new Arrival.Submit(pods.size()));
                pods.add(fromManifest(key, "scenario", m));
            }
        }
        for (Step step : s.steps()) {
            if (step instanceof Step.Submit sub) {
                Map<String, Object> manifest = sub.manifest();
                String key = sub.pod();
                int seen = names.merge(key, 1, Integer::sum);
                if (seen > 1) {
                    // two tenants may each have default/x; a candidate deals pods to its own tenants, so rename
                    key = key + "-" + seen;
                    manifest = renamed(manifest, key.substring(key.indexOf('/') + 1));
                }
                live.put(sub.tenant() + "|" + sub.pod(), pods.size());
                events.add(new Arrival.Submit(pods.size()));
                pods.add(fromManifest(key, "scenario", manifest));
            } else if (step instanceof Step.Delete del) {
                Integer i = live.remove(del.tenant() + "|" + del.pod());
                if (i != null) {
                    events.add(new Arrival.Delete(i));
                }
            } else if (step instanceof Step.Advance adv) {
                events.add(new Arrival.Advance(adv.by()));
            }
        }
        if (pods.isEmpty()) {
            throw new IllegalArgumentException(s.source() + ": the scenario submits no pods");
        }
        return new Workload(description, pods, events);
    }

    /**
     * The openb importer's scenario for the arrival model (trace times, or FGD's shuffled trace with drawn copies),
     * read straight from its document: the importer owns the mapping of trace rows to pods.
     */
    private Workload openb(WorkloadSpec.Openb o) {
        try {
            List<OpenbPod> pods = OpenbCsv.pods(o.pods());
            // trace arrivals need no node list: one stand-in node satisfies the importer
            List<OpenbNode> nodes = o.nodes() == null ? List.of(new OpenbNode("trace", 1000, 1024, 0, "T4"))
                    : OpenbCsv.nodes(o.nodes());
            OpenbImporter.Imported imported = new OpenbImporter(catalog).importTrace("openb", nodes, pods,
                    new OpenbImporter.Options(1, Arrivals.of(o.arrivals()), o.inflate(), o.seed()));
            return steps(o.describe(), imported.scenario().get("steps"));
        } catch (IOException e) {
            throw new UncheckedIOException(o.pods() + ": " + e.getMessage(), e);
        }
    }

    /** A generated scenario's submit / delete / advance steps (its tenants are the candidates' business). */
    @SuppressWarnings("unchecked")
    private Workload steps(String description, JsonNode steps) {
        List<PlanPod> pods = new ArrayList<>();
        List<Arrival> events = new ArrayList<>();
        Map<String, Integer> live = new HashMap<>();
        for (JsonNode step : steps) {
            if (step.has("submit")) {
                Map<String, Object> manifest = TREE.convertValue(step.get("submit").get("pod"), Map.class);
                Map<String, Object> meta = (Map<String, Object>) manifest.get("metadata");
                String key = meta.getOrDefault("namespace", "default") + "/" + meta.get("name");
                live.put(key, pods.size());
                events.add(new Arrival.Submit(pods.size()));
                pods.add(fromManifest(key, "openb", manifest));
            } else if (step.has("delete")) {
                Integer i = live.remove(step.get("delete").get("pod").asText());
                if (i != null) {
                    events.add(new Arrival.Delete(i));
                }
            } else if (step.has("advance")) {
                events.add(new Arrival.Advance(Durations.parse(step.get("advance").asText())));
            }
        }
        return new Workload(description, pods, events);
    }

    private Workload cluster(WorkloadSpec.Cluster c) {
        if (clusterPods == null) {
            throw new IllegalArgumentException("the workload is a live cluster's GPU pods: give --kubeconfig");
        }
        List<PlanPod> pods = new ArrayList<>();
        List<Arrival> events = new ArrayList<>();
        Map<String, Integer> names = new HashMap<>();
        for (Map<String, Object> m : clusterPods.apply(c.pendingOnly())) {
            @SuppressWarnings("unchecked")
            Map<String, Object> meta = (Map<String, Object>) m.get("metadata");
            String key = meta.get("namespace") + "/" + meta.get("name");
            int seen = names.merge(key, 1, Integer::sum);
            Map<String, Object> manifest = m;
            if (seen > 1) {
                key = key + "-" + seen;
                manifest = renamed(m, key.substring(key.indexOf('/') + 1));
            }
            events.add(new Arrival.Submit(pods.size()));
            pods.add(fromManifest(key, "cluster", manifest));
        }
        if (pods.isEmpty()) {
            throw new IllegalArgumentException("the cluster has no " + (c.pendingOnly() ? "pending " : "")
                    + "GPU pods to plan for");
        }
        return new Workload(c.describe(), pods, events);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> renamed(Map<String, Object> manifest, String name) {
        Map<String, Object> copy = new LinkedHashMap<>(manifest);
        Map<String, Object> meta = new LinkedHashMap<>((Map<String, Object>) manifest.get("metadata"));
        meta.put("name", name);
        copy.put("metadata", meta);
        return copy;
    }

    /** A pod's asks as HAMi reads them with the chart's defaults (the largest GPU container counts). */
    @SuppressWarnings("unchecked")
    PlanPod fromManifest(String key, String shape, Map<String, Object> manifest) {
        Map<String, Object> spec = (Map<String, Object>) manifest.getOrDefault("spec", Map.of());
        Map<String, Object> meta = (Map<String, Object>) manifest.getOrDefault("metadata", Map.of());
        int cards = 0;
        int memMB = 0;
        int memPct = 0;
        int cores = 0;
        long cpu = 0;
        long mem = 0;
        var cfg = HamiSettings.DEFAULTS.toSchedulerConfig();
        for (Object o : (List<Object>) spec.getOrDefault("containers", List.of())) {
            Map<String, Object> c = (Map<String, Object>) o;
            Map<String, Object> res = (Map<String, Object>) c.getOrDefault("resources", Map.of());
            Map<String, String> limits = strings(res.get("limits"));
            Map<String, String> requests = strings(res.get("requests"));
            ContainerDeviceRequest r = RequestParser.parse(new ContainerResources(String.valueOf(c.get("name")),
                    limits, requests), cfg);
            if (!r.isEmpty() && r.nums() >= cards) {
                cards = r.nums();
                memMB = r.memReq();
                memPct = r.memPercentReq() == ContainerDeviceRequest.PERCENT_UNSET ? 0 : r.memPercentReq();
                cores = r.coresReq();
            }
            cpu += Quantities.milli(requests.getOrDefault("cpu", limits.get("cpu")));
            mem += Quantities.mib(requests.getOrDefault("memory", limits.get("memory")));
        }
        Map<String, String> ann = strings(meta.get("annotations"));
        List<String> types = new ArrayList<>();
        List<String> models = new ArrayList<>();
        String use = ann.get("nvidia.com/use-gputype");
        if (use != null && !use.isBlank()) {
            for (String t : use.split(",")) {
                String type = t.strip();
                types.add(type);
                models.add(catalog.models().stream().filter(m -> m.type().equals(type)).map(CardModel::name)
                        .findFirst().orElse(type));
            }
        }
        return new PlanPod(key, shape, manifest, cards, memMB, memPct, cores, cpu, mem, types, models,
                AllocationCurve.demandMilli(manifest));
    }

    private static Map<String, String> strings(@Nullable Object o) {
        Map<String, String> out = new LinkedHashMap<>();
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        }
        return out;
    }
}
