package io.gpulab.engine.isolation;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Derives a lab's {@link IsolationTable}: every row's failure is injected with the engine's own fault commands (the
 * scenario steps of docs/scenario-format.md) into a fresh simulated copy of the lab as built, after one probe pod per
 * tenant was started, and each tenant is then observed through its API server: a read, a new GPU pod's create and
 * scheduling, and whether the probe pod still runs. A copy without any failure gives the baseline the rows are
 * compared with. The failures to inject are chosen from the lab as built ({@link Failures}); nothing is assumed about
 * their effects.
 */
public final class IsolationAnalysis {

    /** The layers, in the table's order. */
    public static final List<String> LAYERS = List.of(Failures.MANAGEMENT, Failures.DATASTORE, Failures.SCHEMA,
            Failures.API_SERVER, Failures.CONTROLLERS, Failures.KONNECTIVITY, Failures.WORKERS, Failures.CARDS);

    /**
     * How long a failure lasts before it is healed: past every delayed effect gpulab models (the API servers NotReady
     * 30 s after etcd stops answering their probes, a lost node's pods evicted 50 s + 300 s after it stopped).
     */
    static final Duration HOLD = Duration.ofMinutes(6);
    /** How long after the heal each tenant is observed again: past every restart gpulab models (10 s each). */
    static final Duration SETTLE = Duration.ofMinutes(1);

    static final String METHOD = "Each row is one failure injected into its own copy of the scenario's lab as built "
            + "(the scenario's steps are not played), on gpulab's simulation, with the fault steps a scenario states "
            + "(quoted in the row). Before the failure, one probe GPU pod per tenant (" + Probes.RUNNING + ", "
            + String.format(java.util.Locale.ROOT, "%,d", Probes.MEM_MB) + " MB, " + Probes.CORES
            + " % of one card) is created and runs. Right after it, at the "
            + "same virtual instant (for a worker, once the grace its row quotes has run out), each tenant is "
            + "observed through its own API server: read (kubectl get pods), create (a second probe pod, "
            + Probes.NEW + "), schedule (whether HAMi's scheduler bound that pod to a worker and a card, and the "
            + "worker started it) and keep running (whether the first probe pod still runs). Each cell quotes what the "
            + "copy showed: the API server's error text, the pod's phase, node and card. A copy without any failure "
            + "gives the baseline; a tenant is affected by a failure when any of its four cells is worse than in the "
            + "baseline. Which tenants share a part is read from the lab as built: whose control-plane pods run on a "
            + "management node, which TenantControlPlanes a DataStore stores (status.usedBy) and under which prefix. "
            + "Whether a loss comes back: the failure is then held for " + words(HOLD) + " of virtual "
            + "time, healed by undoing its fault steps and nothing else (quoted as the row's heal: the DataStore "
            + "up, the node ready, the card healthy; a lost control-plane replica has no step, its ReplicaSet "
            + "replaces it) and, " + words(SETTLE) + " later, each tenant is observed again the same "
            + "way (a third probe pod, " + Probes.HEALED + "). A tenant's loss is back when all four are as in the "
            + "baseline; not back when one is still worse.";

    static final List<String> LIMITS = List.of(
            "A simulation: Kamaji's and Kubernetes' behaviour as gpulab models it (docs/kamaji-model.md), HAMi's "
                    + "decisions as simulated with a mock device plugin. No real control plane, etcd or GPU was "
                    + "failed; no workload ran, so what a failure does to a process inside a pod is not shown.",
            "Two instants: each tenant is observed right after the failure, and again " + words(SETTLE) + " after "
                    + "the failure, held " + words(HOLD) + ", was healed. What happens in between (a lost "
                    + "control-plane replica replaced, a lost management node's pods evicted after 50 s + 300 s and "
                    + "placed elsewhere, etcd's 30 s before the API servers fail their readiness probes) is not in "
                    + "the table: play the fault steps with advance steps to see it. A heal restarts no pod that "
                    + "stopped: the probe pods are bare pods, which no controller re-creates.",
            "A worker is failed as its kubelet down, observed once kube-controller-manager's grace (50 s) has run out: "
                    + "the node is Ready=Unknown and tainted unreachable, its pods Ready=False. The grace window "
                    + "before, in which a pod can be bound there and never start, is not in the table; held " + "6 minutes, the probe pod is evicted 300 s after the taint, so it is not back after the heal "
                    + "(docs/kamaji-model.md).",
            "A tenant's prefix is failed by revoking its etcd role's permission on it (etcd DataStores only: a SQL "
                    + "or NATS tenant's database is not injected). Its kube-scheduler and kube-controller-manager are "
                    + "failed as stopped while their containers run (the pods stay Ready); the GPU probes are placed "
                    + "by HAMi's scheduler, which runs in the tenant's own cluster.",
            "Workers and cards: one per tenant is failed (the worker and the card that ran the tenant's probe pod); "
                    + "management nodes: each, at most " + Failures.MAX_NODES + ", and all of them together.",
            "Schedule, when the create was refused, reads lost: no new pod existed for a scheduler to bind. A tenant "
                    + "without a GPU card has nothing to schedule a GPU pod on: its schedule reads not observed.");

    private IsolationAnalysis() {
    }

    /**
     * The isolation table of {@code lab}.
     *
     * @throws IllegalArgumentException when the lab cannot be built
     */
    public static IsolationTable derive(LabSpec lab) {
        Probes probes = new Probes(lab);
        List<String> tenants = lab.tenants().stream().map(t -> t.name()).toList();
        List<TenantLoss> baseline;
        LabSnapshot built;
        try (LabBackend copy = open(lab)) {
            probes.start(copy);
            built = copy.snapshot();
            baseline = probes.observe(copy, tenants, built);
        }
        List<IsolationRow> rows = new ArrayList<>();
        for (Failures.Failure f : Failures.of(built)) {
            rows.add(row(lab, probes, tenants, baseline, f));
        }
        IsolationTable table = new IsolationTable(lab.name(), "", tenants, METHOD, LIMITS, baseline, rows);
        return new IsolationTable(lab.name(), IsolationWords.conclusion(table), tenants, METHOD, LIMITS, baseline,
                rows);
    }

    private static IsolationRow row(LabSpec lab, Probes probes, List<String> tenants, List<TenantLoss> baseline,
                                    Failures.Failure f) {
        if (!f.notInjected().isEmpty()) {
            return new IsolationRow(f.layer(), f.component(), "", f.notInjected(), f.sharedBy(), f.sharing(),
                    List.of(), List.of());
        }
        try (LabBackend copy = open(lab)) {
            probes.start(copy);
            LabSnapshot before = copy.snapshot();
            for (LabCommand c : f.commands()) {
                io.gpulab.engine.api.CommandResult r = copy.execute(c);
                if (!r.accepted()) {
                    return new IsolationRow(f.layer(), f.component(), f.fault(), "the lab refused the fault step: "
                            + r.message(), f.sharedBy(), f.sharing(), List.of(), List.of());
                }
            }
            List<TenantLoss> seen = probes.observe(copy, tenants, before);
            List<String> affected = new ArrayList<>();
            for (int i = 0; i < seen.size(); i++) {
                if (seen.get(i).worseThan(baseline.get(i))) {
                    affected.add(seen.get(i).tenant());
                }
            }
            Heals.Heal heal = Heals.of(f.commands());
            return new IsolationRow(f.layer(), f.component(), f.fault(), "", f.sharedBy(), f.sharing(), affected,
                    seen, heal.text(), recovery(copy, probes, tenants, baseline, before, seen, heal));
        }
    }

    /**
     * Holds the failure {@link #HOLD}, heals it with {@code heal}'s steps alone and observes every tenant again
     * {@link #SETTLE} later, as right after the failure.
     */
    private static List<Recovery> recovery(LabBackend copy, Probes probes, List<String> tenants,
                                           List<TenantLoss> baseline, LabSnapshot before, List<TenantLoss> right,
                                           Heals.Heal heal) {
        List<Recovery> out = new ArrayList<>();
        if (!heal.known()) {
            tenants.forEach(t -> out.add(Recovery.notObserved(t, heal.text())));
            return out;
        }
        copy.execute(new LabCommand.Advance(HOLD));
        for (LabCommand c : heal.commands()) {
            io.gpulab.engine.api.CommandResult r = copy.execute(c);
            if (!r.accepted()) {
                tenants.forEach(t -> out.add(Recovery.notObserved(t, "the lab refused the heal step: "
                        + r.message())));
                return out;
            }
        }
        copy.execute(new LabCommand.Advance(SETTLE));
        List<TenantLoss> healed = probes.observe(copy, tenants, before, Probes.HEALED);
        for (int i = 0; i < tenants.size(); i++) {
            out.add(Recovery.of(baseline.get(i), right.get(i), healed.get(i)));
        }
        return out;
    }

    /** {@code 6 minutes}, {@code 1 minute}: a hold or settle time in the table's words. */
    static String words(Duration d) {
        long m = d.toMinutes();
        return m + " minute" + (m == 1 ? "" : "s");
    }

    private static LabBackend open(LabSpec lab) {
        return Backends.open("sim", lab, BackendOptions.NONE);
    }

    /** The tenant of that name in a snapshot. */
    static TenantView tenant(LabSnapshot s, String name) {
        return s.tenant(name).orElseThrow(() -> new IllegalStateException("tenant " + name + " not in the lab"));
    }
}
