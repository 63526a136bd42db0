package io.gpulab.engine.plan;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.ManagementSpec;
import io.gpulab.engine.scenario.KamajiReader;
import io.gpulab.engine.scenario.LabParts;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioNode;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads plan files ({@code apiVersion: gpulab.io/v1}, {@code kind: Plan}), YAML or JSON, from a path or by
 * built-in name. Uses the scenario reader's located tree, typed accessors and {@code hami} / {@code cards}
 * rules, so every error names file, line and field, and the whole file is checked before anything runs.
 */
public final class PlanReader {

    private static final int MAX_MANAGEMENT_NODES = 200;
    private static final String DEFAULT_QUESTION = "Which candidate platform runs this workload best?";

    private final CardCatalog catalog;
    private final LabParts parts;

    public PlanReader() {
        this(CardCatalog.builtIn());
    }

    public PlanReader(CardCatalog catalog) {
        this.catalog = catalog;
        this.parts = new LabParts(catalog);
    }

    /** A path when such a file exists, else a built-in plan name (see {@link BuiltinPlans}). */
    public Plan load(String pathOrName) {
        Path p = Path.of(pathOrName);
        if (Files.isRegularFile(p)) {
            return read(p);
        }
        try (InputStream in = BuiltinPlans.open(pathOrName)) {
            if (in == null && Files.exists(p)) {
                return read(p);   // a directory, FIFO or device: refused as such, not "no such file"
            }
            if (in == null) {
                throw new ScenarioException(pathOrName, 0, "", "no such file, and not a built-in plan (built-in: "
                        + String.join(", ", BuiltinPlans.names()) + ")");
            }
            return read(pathOrName + ".yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8), null);
        } catch (IOException e) {
            throw new ScenarioException(pathOrName, 0, "", "cannot read built-in plan: " + e.getMessage());
        }
    }

    /** Reads a file; paths inside it are relative to its folder. */
    public Plan read(Path file) {
        // the scenario reader's checks: size limit, UTF-8 with the byte offset of a bad byte, no binary file
        return read(file.toString(), io.gpulab.engine.scenario.SourceText.read(file), file.toAbsolutePath().getParent());
    }

    /**
     * Reads a document held in memory; {@code dir} resolves relative paths (null: the working directory).
     *
     * @throws ScenarioException naming file, line and field
     */
    public Plan read(String fileName, String text, @org.jspecify.annotations.Nullable Path dir) {
        ScenarioNode root = ScenarioNode.root(LabParts.tree(fileName, text)).object("apiVersion", "kind", "metadata",
                "question", "workload", "prices", "objectives", "candidates", "sensitivity");
        String apiVersion = root.get("apiVersion").text();
        if (!ScenarioReader.API_VERSION.equals(apiVersion)) {
            throw root.get("apiVersion").error("expected " + ScenarioReader.API_VERSION + ", got '" + apiVersion + "'");
        }
        String kind = root.get("kind").text();
        if (!"Plan".equals(kind)) {
            throw root.get("kind").error("expected Plan, got '" + kind + "'");
        }
        ScenarioNode meta = root.get("metadata").object("name", "description");
        String name = meta.get("name").text();
        String description = meta.has("description") ? meta.get("description").scalar() : "";
        String question = root.has("question") ? root.get("question").text() : DEFAULT_QUESTION;
        Path base = dir == null ? Path.of("") : dir;
        WorkloadSpec workload = new WorkloadReader(catalog, base).read(root.get("workload"));
        Prices planPrices = root.has("prices") ? prices(root.get("prices")) : Prices.NONE;
        List<Plan.Objective> objectives = objectives(root.opt("objectives"));
        ScenarioNode list = root.get("candidates");
        List<Candidate> candidates = new ArrayList<>();
        Set<String> names = new HashSet<>();
        if (list.list().size() > PlanLimits.MAX_CANDIDATES) {
            throw list.error("a plan compares at most " + PlanLimits.MAX_CANDIDATES + " candidates, got "
                    + list.list().size());
        }
        for (ScenarioNode c : list.list()) {
            Candidate cand = candidate(c, planPrices);
            if (!names.add(cand.name())) {
                throw c.get("name").error("candidate name '" + cand.name() + "' is used twice");
            }
            candidates.add(cand);
        }
        if (candidates.size() < 2) {
            throw list.error("a plan compares two or more candidates, got " + candidates.size());
        }
        SensitivitySpec sensitivity = root.has("sensitivity") ? sensitivity(root.get("sensitivity")) : null;
        return new Plan(fileName, text, name, description, question, workload, candidates, objectives, sensitivity);
    }

    private static List<Plan.Objective> objectives(@org.jspecify.annotations.Nullable ScenarioNode n) {
        if (n == null) {
            return List.of(Plan.Objective.PLACE_ALL, Plan.Objective.COST_PER_POD, Plan.Objective.ALLOCATION,
                    Plan.Objective.STRANDED);
        }
        List<Plan.Objective> out = new ArrayList<>();
        for (ScenarioNode o : n.list()) {
            Plan.Objective obj = Plan.Objective.of(o.choice(Plan.Objective.keys()));
            if (out.contains(obj)) {
                throw o.error("objective '" + obj.key() + "' is listed twice");
            }
            out.add(obj);
        }
        if (out.isEmpty()) {
            throw n.error("list at least one objective (" + String.join(", ", Plan.Objective.keys()) + ")");
        }
        return out;
    }

    private Candidate candidate(ScenarioNode c, Prices planPrices) {
        c.object("name", "worker", "workers", "minimize", "maxWorkers", "tenants", "split", "hami", "prices",
                "controlPlane");
        String name = c.get("name").text();
        if (!name.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?") || name.length() > 40) {
            throw c.get("name").error("'" + name + "' is not a valid candidate name (lower-case letters, digits, '-';"
                    + " at most 40)");
        }
        ScenarioNode w = c.get("worker").object("cpu", "memoryMiB", "cards");
        int cpu = w.has("cpu") ? w.get("cpu").integer(1) : 32;
        int mem = w.has("memoryMiB") ? w.get("memoryMiB").integer(1) : 262144;
        List<CardSpec> cards = new ArrayList<>();
        for (ScenarioNode card : w.get("cards").list()) {
            cards.add(canonical(parts.card(card)));
        }
        if (cards.isEmpty()) {
            throw w.get("cards").error("a candidate's worker needs at least one card");
        }
        if (c.has("workers") == c.has("minimize")) {
            throw c.error("a candidate needs exactly one of workers (a count) and minimize: workers");
        }
        boolean minimize = c.has("minimize");
        if (minimize) {
            c.get("minimize").choice("workers");
        }
        int workers = c.has("workers") ? c.get("workers").integer(1) : 1;
        int max = c.has("maxWorkers") ? c.get("maxWorkers").integer(1) : 10_000;
        for (String key : new String[] {"workers", "maxWorkers"}) {
            int v = "workers".equals(key) ? workers : max;
            if (c.has(key) && v > PlanLimits.MAX_WORKERS) {
                throw c.get(key).error(String.format(java.util.Locale.ROOT, "at most %,d workers (a lab's limit), "
                        + "got %,d", PlanLimits.MAX_WORKERS, v));
            }
        }
        if (c.has("maxWorkers") && !minimize) {
            throw c.get("maxWorkers").error("maxWorkers bounds the search of minimize: workers; this candidate has a"
                    + " fixed count");
        }
        List<String> tenants = tenants(c.opt("tenants"));
        List<Integer> weights = split(c.opt("split"), tenants);
        if (!minimize && workers < tenants.size()) {
            throw c.get("workers").error(workers + " workers cannot be shared by " + tenants.size()
                    + " tenants (each tenant needs at least one)");
        }
        HamiSettings hami = c.has("hami") ? parts.hami(c.get("hami")) : HamiSettings.DEFAULTS;
        Prices prices = c.has("prices") ? prices(c.get("prices")) : planPrices;
        ControlPlanes cps = c.has("controlPlane") ? controlPlanes(c.get("controlPlane")) : null;
        Candidate cand = new Candidate(name, cpu, mem, cards, workers, minimize, max, tenants, weights, hami, prices,
                cps);
        if (!prices.isEmpty() && cand.workerPrice() == null) {
            String missing = cards.stream().map(Candidate::modelName).filter(m -> !prices.cards().containsKey(m))
                    .findFirst().orElse("");
            throw (c.has("prices") ? c.get("prices") : c.get("worker")).error("no price for card model " + missing
                    + " (priced: " + String.join(", ", prices.cards().keySet()) + "); price every model or none");
        }
        if (cps != null && !prices.isEmpty()) {
            boolean kamaji = cps.mode() == ControlPlanes.Mode.KAMAJI;
            if (kamaji ? prices.managementNode() == null : prices.controlPlaneMachine() == null) {
                throw c.get("controlPlane").error("no price for " + (kamaji ? "a management node (prices"
                        + ".managementNode)" : "a control-plane machine (prices.controlPlaneMachine)") + "; a priced "
                        + "plan prices its control planes too, or states none");
            }
        }
        return cand;
    }

    /** Catalog aliases ({@code A100}) become the catalog name, so prices and reports use one name. */
    private CardSpec canonical(CardSpec c) {
        if (c.model() == null) {
            return c;
        }
        String model = catalog.require(c.model()).name();
        return new CardSpec(model, c.count(), c.type(), c.memoryMB(), c.cores(), c.slots(), c.numa(), c.uuid(),
                c.health(), c.mode(), c.used());
    }

    /**
     * {@code controlPlane: {kamaji: {management, tenantControlPlane}}} or {@code {dedicated: {machines}}}: the
     * management cluster in {@code lab.management}'s shape, every tenant's TenantControlPlane in its own.
     */
    private static ControlPlanes controlPlanes(ScenarioNode n) {
        n.object("kamaji", "dedicated");
        if (n.has("kamaji") == n.has("dedicated")) {
            throw n.error("state one of kamaji (a management cluster hosting the tenants' control planes) and "
                    + "dedicated (a control plane of its own per tenant)");
        }
        if (n.has("dedicated")) {
            ScenarioNode d = n.get("dedicated").object("machines");
            int machines = d.has("machines") ? d.get("machines").integer(1) : ControlPlanes.KUBEADM_HA_MACHINES;
            if (machines > 100) {
                throw d.get("machines").error("at most 100 machines per control plane, got " + machines);
            }
            return ControlPlanes.dedicated(machines);
        }
        ScenarioNode k = n.get("kamaji").object("management", "tenantControlPlane");
        ScenarioNode m = k.get("management");
        ManagementSpec management = KamajiReader.management(m);
        if (management.nodes().size() > MAX_MANAGEMENT_NODES) {
            throw m.get("nodes").error("at most " + MAX_MANAGEMENT_NODES + " management nodes, got "
                    + management.nodes().size());
        }
        ControlPlaneSpec tcp = ControlPlaneSpec.defaults();
        if (k.has("tenantControlPlane")) {
            ScenarioNode t = k.get("tenantControlPlane");
            // a verbatim manifest stands for every tenant: its own name is the one it must carry
            ScenarioNode meta = t.has("kind") && t.has("metadata") ? t.get("metadata").opt("name") : null;
            tcp = KamajiReader.controlPlane(t, meta == null ? "tenant" : meta.scalar());
        }
        if (tcp.replicas() == 0) {
            throw k.get("tenantControlPlane").error("replicas 0 is a sleeping control plane (Kamaji's Sleeping): "
                    + "it takes no room, so there is nothing to fit; state 1 or more");
        }
        try {
            management.dataStoreOf(tcp);
        } catch (IllegalArgumentException e) {
            throw k.get("tenantControlPlane").error(e.getMessage());
        }
        return ControlPlanes.kamaji(management, tcp);
    }

    private static List<String> tenants(@org.jspecify.annotations.Nullable ScenarioNode n) {
        if (n == null) {
            return List.of("tenant-1");
        }
        if (n.value() instanceof Integer) {
            int k = n.integer(1);
            if (k > 100) {
                throw n.error("at most 100 tenants, got " + k);
            }
            List<String> out = new ArrayList<>();
            for (int i = 1; i <= k; i++) {
                out.add("tenant-" + i);
            }
            return out;
        }
        List<String> out = new ArrayList<>();
        for (ScenarioNode t : n.list()) {
            String s = t.text();
            if (!s.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?") || s.length() > 63) {
                throw t.error("'" + s + "' is not a valid tenant name (a DNS label)");
            }
            if (out.contains(s)) {
                throw t.error("tenant '" + s + "' is listed twice");
            }
            out.add(s);
        }
        if (out.isEmpty()) {
            throw n.error("list at least one tenant, or give a count");
        }
        return out;
    }

    private static List<Integer> split(@org.jspecify.annotations.Nullable ScenarioNode n, List<String> tenants) {
        List<Integer> out = new ArrayList<>();
        if (n == null) {
            tenants.forEach(t -> out.add(1));
            return out;
        }
        Map<String, ScenarioNode> e = n.entries();
        for (String k : e.keySet()) {
            if (!tenants.contains(k)) {
                throw e.get(k).error("unknown tenant '" + k + "' (tenants: " + String.join(", ", tenants) + ")");
            }
        }
        for (String t : tenants) {
            ScenarioNode w = e.get(t);
            if (w == null) {
                throw n.error("no weight for tenant '" + t + "' (give every tenant a weight)");
            }
            out.add(w.integer(1));
        }
        return out;
    }

    private static SensitivitySpec sensitivity(ScenarioNode n) {
        n.object("orders", "growth", "seed");
        int orders = n.has("orders") ? n.get("orders").integer(1) : 10;
        if (orders > SensitivitySpec.MAX_ORDERS) {
            throw n.get("orders").error(String.format(java.util.Locale.ROOT, "at most %,d orders, got %,d",
                    SensitivitySpec.MAX_ORDERS, orders));
        }
        List<Integer> growth = new ArrayList<>();
        if (n.has("growth")) {
            for (ScenarioNode g : n.get("growth").list()) {
                int v = g.integer(0);
                if (v > 1000) {
                    throw g.error("growth is a percentage from 0 to 1000, got " + v);
                }
                if (growth.contains(v)) {
                    throw g.error("growth step " + v + " is listed twice");
                }
                growth.add(v);
            }
            if (growth.isEmpty()) {
                throw n.get("growth").error("list at least one growth step in percent, e.g. [0, 10, 25]");
            }
        } else {
            growth.add(0);
        }
        long seed = n.has("seed") ? n.get("seed").integer(0) : 1;
        return new SensitivitySpec(orders, growth, seed);
    }

    private Prices prices(ScenarioNode p) {
        p.object("currency", "period", "cards", "worker", "term", "managementNode", "controlPlaneMachine");
        String currency = p.text("currency", "");
        String period = p.text("period", "");
        Map<String, Double> cards = new LinkedHashMap<>();
        if (p.has("cards")) {
            for (var e : p.get("cards").entries().entrySet()) {
                CardModel m = catalog.find(e.getKey()).orElseThrow(() -> e.getValue().error("unknown card model '"
                        + e.getKey() + "' (catalog: " + String.join(", ",
                        catalog.models().stream().map(CardModel::name).toList()) + ")"));
                cards.put(m.name(), nonNegative(e.getValue()));
            }
        }
        Double worker = p.has("worker") ? nonNegative(p.get("worker")) : null;
        if (cards.isEmpty() && worker == null) {
            throw p.error("prices need 'cards' (per card model) or 'worker' (per worker), or both");
        }
        Integer term = p.has("term") ? p.get("term").integer(1) : null;
        if (term != null && term > 1200) {
            throw p.get("term").error("term counts periods (e.g. 36 months): at most 1200, got " + term);
        }
        Double node = p.has("managementNode") ? nonNegative(p.get("managementNode")) : null;
        Double machine = p.has("controlPlaneMachine") ? nonNegative(p.get("controlPlaneMachine")) : null;
        return new Prices(currency, period, cards, worker, term, node, machine);
    }

    /**
     * Most a card, worker, management node or machine may cost per period: with the plan's bounds (100,000 workers of
     * 64 cards, a term of 1,200 periods) every total stays a finite, exactly printed amount (below 10^17), never
     * "Infinity" or a saturated figure.
     */
    static final double MAX_PRICE = 10_000_000;

    private static double nonNegative(ScenarioNode n) {
        double v = n.number();
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw n.error("must be a price >= 0, got " + n.scalar());
        }
        if (v > MAX_PRICE) {
            throw n.error("at most 10,000,000 per card, worker, management node or machine and period, got "
                    + n.scalar());
        }
        return v;
    }
}
