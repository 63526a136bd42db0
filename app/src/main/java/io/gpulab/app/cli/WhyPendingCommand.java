package io.gpulab.app.cli;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.cluster.CardVerdict;
import io.gpulab.engine.cluster.ClusterBackend;
import io.gpulab.engine.cluster.ClusterException;
import io.gpulab.engine.cluster.PendingExplainer;
import io.gpulab.engine.cluster.PendingExplanation;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gpulab why-pending --kubeconfig F --tenant T --pod NS/NAME}: scheduler/'s verdict next to the cluster's. */
@Command(name = "why-pending", mixinStandardHelpOptions = true,
        description = {"Explain a pending GPU pod of a real cluster: HAMi's filter (scheduler/) on the observed "
                + "cards, one reason per card, next to the cluster's own FilteringFailed events. Read-only. "
                + "With --snapshot, the same on an imported snapshot, offline.",
            "Exit 0 when explained, 2 for bad arguments, an unreachable cluster or an unknown pod."})
public final class WhyPendingCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ClusterCliOptions cluster = new ClusterCliOptions();

    @Option(names = "--tenant", required = true, paramLabel = "T", description = "the tenant, e.g. tenant-a")
    private String tenant;

    @Option(names = "--pod", required = true, paramLabel = "NS/NAME", description = "the pod, e.g. default/gpu-pod-5")
    private String pod;

    @Option(names = "--json", description = "print the explanation as JSON")
    private boolean json;

    @Option(names = "--snapshot", paramLabel = "S.yaml",
            description = "offline: a scenario written by 'gpulab import snapshot' (no cluster is contacted)")
    private java.nio.file.@org.jspecify.annotations.Nullable Path snapshot;

    @Option(names = "--hami-values", paramLabel = "[TENANT=]values.yaml",
            description = "online: the HAMi chart values the cluster runs with (resource names, policies...), for "
                    + "all tenants (FILE) or one (TENANT=FILE); default: the chart's defaults")
    private java.util.@org.jspecify.annotations.Nullable List<String> hamiValues;

    @Override
    public Integer call() throws Exception {
        PendingExplanation x;
        if (snapshot != null) {
            try {
                io.gpulab.engine.scenario.Scenario s = new io.gpulab.engine.scenario.ScenarioReader().read(snapshot);
                x = io.gpulab.engine.snapshot.OfflineLab.whyPending(s.lab(), tenant, pod);
            } catch (io.gpulab.engine.scenario.ScenarioException | IllegalArgumentException e) {
                CliSupport.err(spec).println("gpulab: " + e.getMessage());
                return GpulabCommand.EXIT_USAGE;
            }
        } else {
            SchedulerConfig cfg;
            try {
                HamiValuesArgs values = HamiValuesArgs.parse(hamiValues, java.util.Set.of(tenant), true);
                cfg = io.gpulab.engine.snapshot.HamiValuesSettings.of(values.lab(), values.perTenant().get(tenant))
                        .toSchedulerConfig();
            } catch (java.io.IOException | IllegalArgumentException e) {
                CliSupport.err(spec).println("gpulab: " + e.getMessage());
                return GpulabCommand.EXIT_USAGE;
            }
            try (ClusterBackend backend = ClusterBackend.connect(cluster.options())) {
                backend.assumeHami(tenant, cfg);
                x = PendingExplainer.explain(backend, tenant, pod, cfg);
            } catch (ClusterException e) {
                CliSupport.err(spec).println("gpulab: " + CliSupport.clusterFailure(e));
                return GpulabCommand.EXIT_USAGE;
            }
        }
        if (json) {
            return CliSupport.printJson(spec, x);
        }
        PrintWriter out = CliSupport.out(spec);
        out.printf("pod %s in %s: %s%n", x.podKey(), x.tenant(), x.phase());
        out.printf("scheduler/ says: %s%n", x.verdict());
        if (x.explanation() != null) {
            out.printf("in words: %s%n  fix: %s (%s)%n", x.explanation().text(), x.explanation().fix(),
                    x.explanation().doc());
        }
        if (!x.cards().isEmpty()) {
            out.printf("  %-20s %-20s %9s %10s %10s  %s%n", "card", "node", "free MB", "free cores", "free slots",
                    "reason");
            for (CardVerdict c : x.cards()) {
                out.printf("  %-20s %-20s %9d %10d %10d  %s%n", c.cardId(), c.node(), c.freeMemMB(), c.freeCores(),
                        c.freeSlots(), c.health() ? c.reason() : c.reason() + " (unhealthy)");
            }
        }
        out.println("the cluster says:");
        if (x.clusterEvents().isEmpty()) {
            out.println("  (no events recorded for this pod)");
        }
        for (LabEvent e : x.clusterEvents()) {
            out.printf("  %s %s %s: %s%n", e.type(), e.reason(), e.source(), e.message());
        }
        x.notes().forEach(n -> out.println("note: " + n));
        out.flush();
        return GpulabCommand.EXIT_OK;
    }
}
