package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpulab.scheduler.bench.Bench;
import io.gpulab.scheduler.bench.BenchConfig;
import io.gpulab.scheduler.bench.BenchResult;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gpulab bench}: HAMi scheduling throughput on a seeded random fleet (docs/json-output.md). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Schedule random HAMi pods onto a random fleet and report pods/s, p50/p99 and peak heap.")
public final class BenchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--nodes", defaultValue = "5000", description = "fleet size (default: ${DEFAULT-VALUE})")
    private int nodes;

    @Option(names = "--cards-per-node", defaultValue = "8", description = "cards per node (default: ${DEFAULT-VALUE})")
    private int cardsPerNode;

    @Option(names = "--pods", defaultValue = "50000", description = "pods to schedule (default: ${DEFAULT-VALUE})")
    private int pods;

    @Option(names = "--policy", defaultValue = "binpack",
            description = "binpack | spread, node and GPU policy (default: ${DEFAULT-VALUE})")
    private String policy;

    @Option(names = "--seed", defaultValue = "42", description = "random seed (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--check", description = "also decide every pod by a full scan and count differences (slow)")
    private boolean check;

    @Option(names = "--json", description = "print one JSON object")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        BenchConfig config;
        try {
            config = new BenchConfig(nodes, cardsPerNode, pods, policy, seed, check);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("gpulab bench: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        BenchResult r = Bench.run(config);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = JsonOutput.MAPPER.createObjectNode();
            o.put("nodes", r.nodes());
            o.put("cards", r.cards());
            o.put("pods", r.pods());
            o.put("scheduled", r.scheduled());
            o.put("podsPerSecond", Math.round(r.podsPerSecond()));
            o.put("p50Micros", round1(r.p50Micros()));
            o.put("p99Micros", round1(r.p99Micros()));
            o.put("peakHeapMB", round1(r.peakHeapMB()));
            o.put("cpuPodsPerSecond", Math.round(r.cpuPodsPerSecond()));
            if (check) {
                o.put("mismatches", r.mismatches());
            }
            if (!JsonOutput.print(spec, o)) {
                return GpulabCommand.EXIT_USAGE;
            }
        } else {
            out.printf("%d nodes, %d cards, %d pods: %d scheduled%n", r.nodes(), r.cards(), r.pods(), r.scheduled());
            out.printf("%.0f pods/s (%.0f per CPU-second), p50 %.1f us, p99 %.1f us, peak heap %.1f MB%n",
                    r.podsPerSecond(), r.cpuPodsPerSecond(), r.p50Micros(), r.p99Micros(), r.peakHeapMB());
            if (check) {
                out.printf("decisions differing from the full HAMi scan: %d%n", r.mismatches());
            }
        }
        out.flush();
        return check && r.mismatches() != 0 ? GpulabCommand.EXIT_FAILED : GpulabCommand.EXIT_OK;
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
