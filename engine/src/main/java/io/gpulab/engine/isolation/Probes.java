package io.gpulab.engine.isolation;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.scheduler.model.ResourceNames;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The probe pods and what each tenant shows through them: one GPU pod started before the failure, a second one
 * created after it, and a read of the tenant's pods.
 */
final class Probes {

    static final String NAMESPACE = "default";
    static final String RUNNING = "isolation-probe-running";
    static final String NEW = "isolation-probe-new";
    /** The pod created to observe a tenant again once the failure was healed. */
    static final String HEALED = "isolation-probe-healed";
    static final int MEM_MB = 1000;
    static final int CORES = 10;

    private final ResourceNames names;
    private final String hamiScheduler;

    Probes(LabSpec lab) {
        this.names = lab.hami().resourceNames();
        this.hamiScheduler = lab.hami().schedulerName();
    }

    /** Creates the running probe in every tenant (what it became is observed later, as {@code keep running}). */
    void start(LabBackend lab) {
        for (TenantView t : lab.snapshot().tenants()) {
            lab.execute(new LabCommand.SubmitPod(t.name(), manifest(RUNNING)));
        }
    }

    /** Every tenant's four observations now; {@code before} is the lab right before the failure. */
    List<TenantLoss> observe(LabBackend lab, List<String> tenants, LabSnapshot before) {
        return observe(lab, tenants, before, NEW);
    }

    /** The same, creating the pod {@code probe} to observe create and schedule. */
    List<TenantLoss> observe(LabBackend lab, List<String> tenants, LabSnapshot before, String probe) {
        Map<String, Observation> reads = new LinkedHashMap<>();
        LabSnapshot now = lab.snapshot();
        for (String name : tenants) {
            reads.put(name, read(IsolationAnalysis.tenant(now, name)));
        }
        List<TenantLoss> out = new ArrayList<>();
        for (String name : tenants) {
            CommandResult r = lab.execute(new LabCommand.SubmitPod(name, manifest(probe)));
            LabSnapshot after = lab.snapshot();
            TenantView t = IsolationAnalysis.tenant(after, name);
            PodView created = t.pod(key(probe)).orElse(null);
            Observation create = create(t, created, r, probe);
            boolean cards = IsolationAnalysis.tenant(before, name).nodes().stream().anyMatch(n -> !n.cards().isEmpty());
            // a tenant without a card has nothing to schedule a GPU pod on, failure or not: its probe waiting is not
            // a loss ("schedule lost" in every row read as damage)
            Observation schedule = cards ? schedule(created, create) : Observation.notObserved(name
                    + " has no GPU card: nothing to schedule a GPU pod on, with or without a failure");
            out.add(new TenantLoss(name, create, reads.get(name), schedule,
                    keepRunning(IsolationAnalysis.tenant(before, name).pod(key(RUNNING)).orElse(null),
                            t.pod(key(RUNNING)).orElse(null))));
        }
        return out;
    }

    static String key(String name) {
        return NAMESPACE + "/" + name;
    }

    private static Observation read(TenantView t) {
        String refused = t.controlPlane().apiError();
        if (!refused.isEmpty()) {
            return Observation.lost("kubectl get pods: " + refused);
        }
        long pods = t.pods().stream().filter(p -> !"Rejected".equals(p.phase())).count();
        return Observation.kept("kubectl get pods listed " + pods + " pod" + (pods == 1 ? "" : "s"));
    }

    private Observation create(TenantView t, @Nullable PodView p, CommandResult r, String probe) {
        if (p == null || "Rejected".equals(p.phase())) {
            String why = p == null ? r.message() : (p.reason().isEmpty() ? "" : p.reason() + ": ") + p.message();
            return Observation.lost("create " + key(probe) + " refused: " + why);
        }
        if (!hamiScheduler.isEmpty() && !hamiScheduler.equals(p.schedulerName())) {
            String tunnel = t.tunnel().error();
            return Observation.degraded("created without HAMi's webhook (schedulerName " + p.schedulerName() + ")"
                    + (tunnel.isEmpty() ? "" : ": the webhook call failed with " + tunnel));
        }
        return Observation.kept("created " + p.key() + " (schedulerName " + p.schedulerName() + ")");
    }

    private static Observation schedule(@Nullable PodView p, Observation create) {
        if (p == null || Observation.LOST.equals(create.verdict())) {
            return Observation.lost("nothing to bind: the create was refused");
        }
        if (p.node().isEmpty()) {
            return Observation.lost(p.key() + " " + p.phase() + (p.reason().isEmpty() ? "" : ", " + p.reason())
                    + (p.message().isEmpty() ? "" : ": " + p.message()));
        }
        if (!"Running".equals(p.phase())) {
            // bound, yet nothing started it (a worker whose kubelet is down): the bind alone is not a placement
            return Observation.lost(p.key() + " bound to " + p.node() + " but " + p.phase() + (p.warnings().isEmpty()
                    ? "" : ": " + String.join("; ", p.warnings())));
        }
        if (!p.hamiAllocated()) {
            return Observation.degraded(p.key() + " bound to " + p.node() + " by " + p.schedulerName()
                    + " without HAMi's allocation (no card assigned)");
        }
        return Observation.kept(p.key() + " bound to " + p.node() + ", card " + cards(p) + " by "
                + p.schedulerName());
    }

    private static Observation keepRunning(@Nullable PodView before, @Nullable PodView now) {
        if (before == null || !"Running".equals(before.phase())) {
            return Observation.notObserved(key(RUNNING) + " was not running before the failure"
                    + (before == null ? "" : " (" + before.phase() + (before.reason().isEmpty() ? "" : ", "
                    + before.reason()) + ")"));
        }
        if (now == null || !"Running".equals(now.phase())) {
            return Observation.lost(key(RUNNING) + (now == null ? " is gone" : " is " + now.phase()
                    + (now.reason().isEmpty() ? "" : ", " + now.reason())));
        }
        String where = key(RUNNING) + " still Running on " + now.node() + ", card " + cards(now);
        if (!now.warnings().isEmpty()) {
            return Observation.degraded(where + ", with the warning: " + String.join("; ", now.warnings()));
        }
        return Observation.kept(where);
    }

    private static String cards(PodView p) {
        return p.devices().stream().map(PodView.DeviceAllocation::id).distinct().collect(Collectors.joining(", "));
    }

    /** A busybox pod asking for one share of one card, in the lab's HAMi resource names. */
    private Map<String, Object> manifest(String name) {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put(names.gpu(), 1);
        limits.put(names.memory(), MEM_MB);
        limits.put(names.cores(), CORES);
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "main");
        container.put("image", "busybox:1.36");
        container.put("command", List.of("sleep", "infinity"));
        container.put("resources", Map.of("limits", limits));
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("apiVersion", "v1");
        pod.put("kind", "Pod");
        pod.put("metadata", Map.of("name", name, "namespace", NAMESPACE));
        pod.put("spec", Map.of("containers", List.of(container)));
        return pod;
    }
}
