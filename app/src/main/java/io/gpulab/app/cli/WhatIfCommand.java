package io.gpulab.app.cli;

import io.gpulab.engine.cluster.ClusterBackend;
import io.gpulab.engine.cluster.ClusterException;
import io.gpulab.engine.cluster.WhatIf;
import io.gpulab.engine.cluster.WhatIfOutcome;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.WorkerSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gpulab what-if}: the observed lab in the sim, plus hypothetical workers, with the pending pods replayed. */
@Command(name = "what-if", mixinStandardHelpOptions = true,
        description = {"Copy a real cluster's cards (with their current usage) into the simulation, add "
                + "hypothetical workers, and replay the pending GPU pods there. The cluster is only read.",
            "Exit 0 when every pending pod would run, 1 when one still would not, 2 for bad arguments."})
public final class WhatIfCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ClusterCliOptions cluster = new ClusterCliOptions();

    @Option(names = "--add-worker", paramLabel = "TENANT:MODEL[:COUNT]",
            description = "a hypothetical worker with COUNT cards of a catalog MODEL, e.g. tenant-a:A100-80GB:1")
    private List<String> addWorkers = new ArrayList<>();

    @Option(names = "--snapshot", paramLabel = "S.yaml",
            description = "offline: a scenario written by 'gpulab import snapshot' (no cluster is contacted)")
    private java.nio.file.@org.jspecify.annotations.Nullable Path snapshot;

    @Override
    public Integer call() throws Exception {
        List<WhatIfOutcome> before;
        List<WhatIfOutcome> after;
        if (snapshot != null) {
            try {
                LabSpec lab = new io.gpulab.engine.scenario.ScenarioReader().read(snapshot).lab();
                Map<String, List<WorkerSpec>> added = new java.util.LinkedHashMap<>();
                int n = 0;
                for (String w : addWorkers) {
                    String[] p = w.split(":");
                    if (p.length < 2 || p.length > 3) {
                        CliSupport.err(spec).println("gpulab: --add-worker '" + w + "' must be TENANT:MODEL[:COUNT]");
                        return GpulabCommand.EXIT_USAGE;
                    }
                    added.computeIfAbsent(p[0], k -> new ArrayList<>()).add(WorkerSpec.of("what-if-worker-" + (++n),
                            List.of(CardSpec.ofModel(p[1], p.length == 3 ? Integer.parseInt(p[2]) : 1))));
                }
                List<List<WhatIfOutcome>> r = io.gpulab.engine.snapshot.OfflineLab.whatIf(lab, added);
                before = r.get(0);
                after = r.get(1);
            } catch (io.gpulab.engine.scenario.ScenarioException | IllegalArgumentException e) {
                CliSupport.err(spec).println("gpulab: " + e.getMessage());
                return GpulabCommand.EXIT_USAGE;
            }
            return print(before, after);
        }
        try (ClusterBackend backend = ClusterBackend.connect(cluster.options())) {
            backend.requireEveryTenant("its pending pods would be missing from the answer");
            LabSpec lab = WhatIf.observed(backend.snapshot(), HamiSettings.DEFAULTS);
            Map<String, List<Map<String, Object>>> pending = WhatIf.pendingManifests(backend);
            before = WhatIf.replay(lab, pending);
            int n = 0;
            for (String w : addWorkers) {
                String[] p = w.split(":");
                if (p.length < 2 || p.length > 3) {
                    CliSupport.err(spec).println("gpulab: --add-worker '" + w + "' must be TENANT:MODEL[:COUNT]");
                    return GpulabCommand.EXIT_USAGE;
                }
                int count = p.length == 3 ? Integer.parseInt(p[2]) : 1;
                lab = WhatIf.withWorker(lab, p[0], WorkerSpec.of("what-if-worker-" + (++n),
                        List.of(CardSpec.ofModel(p[1], count))));
            }
            after = WhatIf.replay(lab, pending);
        } catch (ClusterException | IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab: " + CliSupport.clusterFailure(e));
            return GpulabCommand.EXIT_USAGE;
        }
        return print(before, after);
    }

    private int print(List<WhatIfOutcome> before, List<WhatIfOutcome> after) {
        PrintWriter out = CliSupport.out(spec);
        if (after.isEmpty()) {
            out.println("no pending GPU pods");
        }
        for (int i = 0; i < after.size(); i++) {
            WhatIfOutcome a = after.get(i);
            WhatIfOutcome b = before.get(i);
            out.printf("%s %s: as observed %s%s; what if: %s%s%n", a.tenant(), a.podKey(), b.phase(),
                    b.reason().isEmpty() ? "" : " (" + b.reason() + ")", a.phase(),
                    a.node().isEmpty() ? " (" + a.reason() + ")" : " on " + a.node());
        }
        out.flush();
        return after.stream().allMatch(o -> o.phase().equals("Running")) ? GpulabCommand.EXIT_OK
                : GpulabCommand.EXIT_FAILED;
    }
}
