package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.CardUsageSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Reads {@code metadata} and {@code lab} into a {@link LabSpec}, locating every error. */
final class LabReader {

    private final CardCatalog catalog;

    LabReader(CardCatalog catalog) {
        this.catalog = catalog;
    }

    LabSpec read(ScenarioNode metadata, ScenarioNode lab) {
        metadata.object("name", "description", GeneratedScenario.GENERATOR);
        String name = metadata.get("name").text();
        String description = metadata.has("description") ? metadata.get("description").scalar() : "";
        if (metadata.has(GeneratedScenario.GENERATOR)) {
            metadata.get(GeneratedScenario.GENERATOR).text();
        }
        lab.object("hami", "mockGpu", "management", "tenants");
        HamiSettings hami = lab.has("hami") ? hami(lab.get("hami")) : HamiSettings.DEFAULTS;
        String lifecycle = LabSpec.LIFECYCLE_COMPLETE;
        if (lab.has("mockGpu")) {
            ScenarioNode mock = lab.get("mockGpu").object("lifecycle");
            if (mock.has("lifecycle")) {
                lifecycle = mock.get("lifecycle").choice(LabSpec.LIFECYCLE_COMPLETE, LabSpec.LIFECYCLE_ARTICLE);
            }
        }
        ScenarioNode tenantsNode = lab.get("tenants");
        List<TenantSpec> tenants = new ArrayList<>();
        for (ScenarioNode t : tenantsNode.list()) {
            tenants.add(tenant(t, hami));
        }
        if (tenants.isEmpty()) {
            throw tenantsNode.error("a lab needs at least one tenant");
        }
        String lc = lifecycle;
        io.gpulab.engine.lab.ManagementSpec management = lab.has("management")
                ? KamajiReader.management(lab.get("management")) : io.gpulab.engine.lab.ManagementSpec.defaults();
        return build(tenantsNode, () -> new LabSpec(name, description, hami, lc, tenants, management));
    }

    HamiSettings hami(ScenarioNode h) {
        return hami(h, HamiSettings.DEFAULTS);
    }

    /** {@code hami} keys over {@code d}: the lab's settings over the chart's, a tenant's over the lab's. */
    HamiSettings hami(ScenarioNode h, HamiSettings d) {
        h.object("deviceSplitCount", "deviceMemoryScaling", "deviceCoreScaling", "defaultMem", "defaultCores",
                "nodeSchedulerPolicy", "gpuSchedulerPolicy", "webhookFailurePolicy", "nodeLockExpire",
                "nodeLockTimeout", "memoryFactor", "resourceName", "resourceMem", "resourceMemPercentage",
                "resourceCores", "resourcePriority", "schedulerName", "forceOverwriteDefaultScheduler", "nodeConfig",
                "gpuCorePolicy", "overwriteEnv");
        int split = h.has("deviceSplitCount") ? h.get("deviceSplitCount").integer(1) : d.deviceSplitCount();
        double memScale = h.has("deviceMemoryScaling") ? positive(h.get("deviceMemoryScaling"))
                : d.deviceMemoryScaling();
        double coreScale = h.has("deviceCoreScaling") ? positive(h.get("deviceCoreScaling")) : d.deviceCoreScaling();
        int defMem = h.has("defaultMem") ? h.get("defaultMem").integer(0) : d.defaultMem();
        int defCores = d.defaultCores();
        if (h.has("defaultCores")) {
            defCores = h.get("defaultCores").integer(0);
            if (defCores > 100) {
                throw h.get("defaultCores").error("must be between 0 and 100, got " + defCores);
            }
        }
        // any string, as HAMi's flags take it (HAMi reads an unknown node policy as binpack, an unknown card policy as
        // spread: HamiWarnings says so)
        String nodePol = h.has("nodeSchedulerPolicy") ? h.get("nodeSchedulerPolicy").scalar() : d.nodeSchedulerPolicy();
        String gpuPol = h.has("gpuSchedulerPolicy") ? h.get("gpuSchedulerPolicy").scalar() : d.gpuSchedulerPolicy();
        String failure = h.has("webhookFailurePolicy")
                ? h.get("webhookFailurePolicy").choice(HamiSettings.POLICY_IGNORE, HamiSettings.POLICY_FAIL)
                : d.webhookFailurePolicy();
        Duration timeout = d.nodeLockTimeout();
        if (h.has("nodeLockTimeout")) {
            timeout = duration(h.get("nodeLockTimeout"));
            if (timeout.isZero()) {
                throw h.get("nodeLockTimeout").error("must be positive");
            }
        }
        // the chart's value as written, even empty or unparsable: HAMi v2.10 overwrites it (HamiWarnings)
        String chartExpire = h.has("nodeLockExpire") ? h.get("nodeLockExpire").scalar() : d.nodeLockExpire();
        Duration to = timeout;
        int dc = defCores;
        HamiSettings base = build(h, () -> new HamiSettings(split, memScale, coreScale, defMem, dc, nodePol, gpuPol,
                failure, to)).with(d.memoryFactor(), d.resourceNames(), d.schedulerName(),
                d.forceOverwriteDefaultScheduler()).withNodeConfigs(d.nodeConfigs())
                .withChartNodeLockExpire(chartExpire).withContainerEnv(d.gpuCorePolicy(), d.overwriteEnv());
        return HamiExtrasReader.read(h, base);
    }

    private TenantSpec tenant(ScenarioNode t, HamiSettings labHami) {
        t.object("name", "workers", "resourceQuotas", "pods", "hami", "controlPlane");
        HamiSettings own = t.has("hami") ? hami(t.get("hami"), labHami) : null;
        String name = t.get("name").text();
        List<WorkerSpec> workers = new ArrayList<>();
        java.util.Set<String> uuids = new java.util.HashSet<>();
        for (ScenarioNode w : t.get("workers").list()) {
            workers.add(worker(w));
            if (w.has("cards")) {
                for (ScenarioNode c : w.get("cards").list()) {
                    ScenarioNode uuid = c.opt("uuid");
                    if (uuid != null && !uuids.add(uuid.text())) {
                        throw uuid.error("card id '" + uuid.text() + "' is used twice in tenant " + name
                                + " (ids are unique per cluster)");
                    }
                }
            }
        }
        List<io.gpulab.engine.lab.QuotaSpec> quotas = t.has("resourceQuotas")
                ? ManifestReader.quotas(t.get("resourceQuotas")) : List.of();
        List<Map<String, Object>> pods = t.has("pods") ? ManifestReader.pods(t.get("pods")) : List.of();
        io.gpulab.engine.lab.ControlPlaneSpec cp = t.has("controlPlane")
                ? KamajiReader.controlPlane(t.get("controlPlane"), name) : io.gpulab.engine.lab.ControlPlaneSpec.defaults();
        return build(t.get("name"), () -> new TenantSpec(name, workers, quotas, pods, own, cp));
    }

    private WorkerSpec worker(ScenarioNode w) {
        w.object("name", "cpu", "memoryMiB", "cards", "annotations", "pods", "kubeletVersion");
        String name = w.get("name").text();
        int cpu = w.has("cpu") ? w.get("cpu").integer(1) : 4;
        int mem = w.has("memoryMiB") ? w.get("memoryMiB").integer(1) : 8192;
        List<CardSpec> cards = new ArrayList<>();
        if (w.has("cards")) {
            for (ScenarioNode c : w.get("cards").list()) {
                cards.add(card(c));
            }
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        if (w.has("annotations")) {
            w.get("annotations").entries().forEach((k, v) -> annotations.put(k, v.scalar()));
        }
        List<Map<String, Object>> pods = w.has("pods") ? ManifestReader.pods(w.get("pods")) : List.of();
        io.gpulab.engine.lab.KubeVersion kubelet = w.has("kubeletVersion") ? KamajiReader.kubelet(w.get("kubeletVersion"))
                : null;
        return build(w.get("name"), () -> new WorkerSpec(name, cpu, mem, cards, annotations, pods, kubelet));
    }

    CardSpec card(ScenarioNode c) {
        c.object("model", "count", "type", "memoryMB", "cores", "slots", "numa", "uuid", "health", "mode", "used");
        String model = null;
        if (c.has("model")) {
            model = c.get("model").text();
            if (catalog.find(model).isEmpty()) {
                throw c.get("model").error("unknown card model '" + model + "' (catalog: "
                        + String.join(", ", catalog.models().stream().map(CardModel::name).toList()) + ")");
            }
        } else if (!c.has("type") || !c.has("memoryMB")) {
            throw c.error("a card needs a catalog 'model' or both 'type' and 'memoryMB'");
        }
        int count = c.has("count") ? c.get("count").integer(1) : 1;
        String type = c.has("type") ? c.get("type").text() : null;
        Integer memory = optPositive(c, "memoryMB");
        Integer cores = optPositive(c, "cores");
        Integer slots = optPositive(c, "slots");
        Integer numa = c.has("numa") ? c.get("numa").integer(0) : null;
        String uuid = c.has("uuid") ? c.get("uuid").text() : null;
        Boolean health = c.has("health") ? c.get("health").bool() : null;
        // free-form like HAMi: the device plugin reports any operating mode, and pods select it by substring
        String mode = c.has("mode") ? c.get("mode").text() : null;
        CardUsageSpec used = null;
        if (c.has("used")) {
            ScenarioNode u = c.get("used").object("memMB", "cores", "slots");
            int um = u.has("memMB") ? u.get("memMB").integer(0) : 0;
            int uc = u.has("cores") ? u.get("cores").integer(0) : 0;
            int us = u.has("slots") ? u.get("slots").integer(0) : 0;
            used = new CardUsageSpec(um, uc, us);
        }
        String m = model;
        CardUsageSpec usage = used;
        return build(c, () -> new CardSpec(m, count, type, memory, cores, slots, numa, uuid, health, mode, usage));
    }

    private static @Nullable Integer optPositive(ScenarioNode c, String key) {
        return c.has(key) ? c.get(key).integer(1) : null;
    }

    private static double positive(ScenarioNode n) {
        double v = n.number();
        if (!(v > 0)) {
            throw n.error("must be > 0, got " + n.scalar());
        }
        return v;
    }

    static Duration duration(ScenarioNode n) {
        try {
            return Durations.parse(n.scalar());
        } catch (IllegalArgumentException e) {
            throw n.error(e.getMessage());
        }
    }

    /** Runs a record constructor; its IllegalArgumentException becomes an error located at {@code at}. */
    private static <T> T build(ScenarioNode at, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (IllegalArgumentException e) {
            throw at.error(String.valueOf(e.getMessage()));
        }
    }
}
