package io.gpulab.engine.plan;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioNode;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads a plan's {@code workload}: pod templates, a scenario's submits, an openb trace, or a live cluster. */
final class WorkloadReader {

    private static final BigDecimal MIB = BigDecimal.valueOf(1L << 20);

    private final CardCatalog catalog;
    private final Path base;

    WorkloadReader(CardCatalog catalog, Path base) {
        this.catalog = catalog;
        this.base = base;
    }

    WorkloadSpec read(ScenarioNode w) {
        w.object("pods", "scenario", "openb", "cluster");
        return switch (w.oneOf("a workload", "pods", "scenario", "openb", "cluster")) {
            case "pods" -> templates(w.get("pods"));
            case "scenario" -> scenario(w.get("scenario"));
            case "openb" -> openb(w.get("openb"));
            default -> {
                ScenarioNode c = w.get("cluster").object("pendingOnly");
                yield new WorkloadSpec.Cluster(c.has("pendingOnly") && c.get("pendingOnly").bool());
            }
        };
    }

    private WorkloadSpec templates(ScenarioNode list) {
        List<PodTemplate> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        if (list.list().size() > PlanLimits.MAX_TEMPLATES) {
            throw list.error(String.format(java.util.Locale.ROOT, "at most %,d pod templates, got %,d",
                    PlanLimits.MAX_TEMPLATES, list.list().size()));
        }
        long total = 0;
        for (ScenarioNode t : list.list()) {
            PodTemplate p = template(t);
            total += p.count();
            if (total > PlanLimits.MAX_PODS) {
                throw t.get("count").error(String.format(java.util.Locale.ROOT, "the templates ask for more than "
                        + "%,d pods, a workload's limit", PlanLimits.MAX_PODS));
            }
            if (!names.add(p.name())) {
                throw t.get("name").error("pod template name '" + p.name() + "' is used twice");
            }
            out.add(p);
        }
        if (out.isEmpty()) {
            throw list.error("list at least one pod template");
        }
        return new WorkloadSpec.Templates(out);
    }

    private PodTemplate template(ScenarioNode t) {
        t.object("name", "count", "gpus", "gpuMemMB", "gpuMemPercent", "gpuCores", "model", "cpu", "memory");
        String name = t.get("name").text();
        if (!name.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?") || name.length() > 40) {
            throw t.get("name").error("'" + name + "' is not a valid template name (lower-case letters, digits, '-';"
                    + " at most 40: pods are named NAME-1, NAME-2, ...)");
        }
        int count = t.get("count").integer(1);
        if (count > PlanLimits.MAX_PODS) {
            throw t.get("count").error(String.format(java.util.Locale.ROOT, "at most %,d pods in a workload, got %,d",
                    PlanLimits.MAX_PODS, count));
        }
        int gpus = t.has("gpus") ? t.get("gpus").integer(1) : 1;
        if (gpus > 64) {
            throw t.get("gpus").error("at most 64 cards per pod, got " + gpus);
        }
        if (t.has("gpuMemMB") && t.has("gpuMemPercent")) {
            throw t.get("gpuMemPercent").error("give gpuMemMB or gpuMemPercent, not both");
        }
        int memMB = t.has("gpuMemMB") ? t.get("gpuMemMB").integer(1) : 0;
        int memPct = t.has("gpuMemPercent") ? percent(t.get("gpuMemPercent")) : 0;
        int cores = t.has("gpuCores") ? percent(t.get("gpuCores")) : 0;
        boolean whole = memMB == 0 && memPct == 0 && cores == 0;
        String model = null;
        String type = null;
        if (t.has("model")) {
            CardModel m = model(t.get("model"));
            model = m.name();
            type = m.type();
        }
        String cpu = t.has("cpu") ? t.get("cpu").scalar() : null;
        String memory = t.has("memory") ? t.get("memory").scalar() : null;
        long cpuMilli = cpu == null ? 0 : amount(t.get("cpu"), BigDecimal.valueOf(1000), BigDecimal.ONE);
        long memMiB = memory == null ? 0 : amount(t.get("memory"), BigDecimal.ONE, MIB);
        return new PodTemplate(name, count, gpus, memMB, memPct, cores, whole, model, type, cpu, memory, cpuMilli,
                memMiB);
    }

    private CardModel model(ScenarioNode n) {
        String name = n.text();
        return catalog.find(name).orElseThrow(() -> n.error("unknown card model '" + name + "' (catalog: "
                + String.join(", ", catalog.models().stream().map(CardModel::name).toList()) + ")"));
    }

    private static int percent(ScenarioNode n) {
        int v = n.integer(1);
        if (v > 100) {
            throw n.error("must be a percentage between 1 and 100, got " + v);
        }
        return v;
    }

    /** A Kubernetes quantity times {@code scale}, divided by {@code unit}, rounded up. */
    private static long amount(ScenarioNode n, BigDecimal scale, BigDecimal unit) {
        String text = n.scalar();
        BigDecimal v;
        try {
            v = Quantity.parse(text).getNumericalAmount();
        } catch (RuntimeException e) {
            throw n.error("\"" + text + "\" is not a Kubernetes quantity");
        }
        if (v.signum() < 0) {
            throw n.error("must be >= 0, got " + text);
        }
        BigDecimal r = v.multiply(scale).divide(unit, 0, RoundingMode.CEILING);
        if (r.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 4)) > 0) {
            throw n.error("\"" + text + "\" is too large");
        }
        return r.longValueExact();
    }

    private WorkloadSpec scenario(ScenarioNode n) {
        String ref = n.text();
        Path p = base.resolve(ref);
        String target = Files.isRegularFile(p) ? p.toString() : ref;
        try {
            new ScenarioReader(catalog).load(target);
        } catch (ScenarioException e) {
            throw n.error("scenario '" + ref + "' cannot be used: " + e.getMessage());
        }
        return new WorkloadSpec.ScenarioSubmits(target);
    }

    private WorkloadSpec openb(ScenarioNode o) {
        o.object("pods", "nodes", "arrivals", "inflate", "seed");
        Path pods = file(o.get("pods"));
        Path nodes = o.has("nodes") ? file(o.get("nodes")) : null;
        String arrivals = o.has("arrivals") ? o.get("arrivals").choice("trace", "fgd") : "fgd";
        double inflate = 1.3;
        if (o.has("inflate")) {
            inflate = o.get("inflate").number();
            if (!(inflate > 0) || inflate > 100) {
                throw o.get("inflate").error("must be > 0 and <= 100, got " + o.get("inflate").scalar());
            }
        }
        long seed = o.has("seed") ? o.get("seed").integer(0) : 42;
        if ("fgd".equals(arrivals) && nodes == null) {
            throw o.error("arrivals: fgd needs 'nodes' (the trace's node list: inflate is a multiple of its GPU"
                    + " capacity)");
        }
        if (!"fgd".equals(arrivals) && (o.has("inflate") || o.has("seed"))) {
            throw o.get(o.has("inflate") ? "inflate" : "seed").error("inflate and seed belong to arrivals: fgd");
        }
        return new WorkloadSpec.Openb(pods, nodes, arrivals, inflate, seed);
    }

    private Path file(ScenarioNode n) {
        Path p = base.resolve(n.text());
        if (!Files.isRegularFile(p)) {
            throw n.error("no such file: " + p);
        }
        return p;
    }
}
