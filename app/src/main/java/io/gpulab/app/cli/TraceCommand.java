package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.WhyLines;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.Step;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code gpulab trace SCENARIO --pod NS/NAME}: the chain of docs/architecture.md for one pod, with evidence. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Run a scenario, then show one pod's chain: create, admission, filter, bind, lock, "
                + "allocate, run; every stage with its evidence (annotations, events, lock changes); then why this "
                + "node and why this card: HAMi's last filter of the pod with every node's score or reasons, every "
                + "card's score, its terms and verdict, the weights and policies in force, and the pod's "
                + "hami.io/vgpu-devices-allocated decoded per container.",
            "Exit 0 when the pod was traced, 2 for a bad scenario, pod or arguments."})
public final class TraceCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "a scenario file or a built-in name")
    private String scenario;

    @Option(names = "--pod", required = true, paramLabel = "NS/NAME", description = "the pod, e.g. default/gpu-pod-4")
    private String pod;

    @Option(names = "--tenant", paramLabel = "T", description = "the tenant (default: the one the scenario "
            + "submitted the pod to)")
    private @Nullable String tenant;

    @Option(names = "--json", description = "print the trace as JSON")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        String key = pod.contains("/") ? pod : "default/" + pod;
        String t = tenant != null ? tenant : tenantOf(s, key);
        if (t == null) {
            CliSupport.err(spec).println("gpulab: " + s.source() + ": no step submits pod " + key
                    + (tenant == null ? "" : " to tenant " + tenant));
            return GpulabCommand.EXIT_USAGE;
        }
        if (s.lab().tenants().stream().noneMatch(x -> x.name().equals(t))) {
            CliSupport.err(spec).println("gpulab: --tenant: unknown tenant '" + t + "'");
            return GpulabCommand.EXIT_USAGE;
        }
        try (LabBackend backend = CliSupport.open(spec, "sim", s, BackendOptions.NONE)) {
            if (backend == null) {
                return GpulabCommand.EXIT_USAGE;
            }
            // HAMi's why for this pod is kept as the run decides it (one more filter pass per decision about it)
            backend.explainDecisions(java.util.Set.of(key));
            new ScenarioRunner(backend).run(s);
            PodTrace trace = backend.trace(t, key);
            if (json) {
                return CliSupport.printJson(spec, trace);
            } else {
                print(trace, CliSupport.out(spec));
            }
            return GpulabCommand.EXIT_OK;
        }
    }

    private static @Nullable String tenantOf(Scenario s, String key) {
        return s.steps().stream().filter(st -> st instanceof Step.Submit && key.equals(st.pod()))
                .map(Step::tenant).findFirst().orElse(null);
    }

    private static void print(PodTrace trace, PrintWriter out) {
        out.println("pod " + trace.podKey() + " in tenant " + trace.tenant());
        int i = 1;
        for (PodTrace.Step st : trace.steps()) {
            out.printf(Locale.ROOT, "%d. %-10s %-8s %s%n", i++, st.stage(), st.outcome(), st.summary());
            // in the order the evidence arose, as the workbench and the PDF show it (never sorted by key)
            st.evidence().forEach((k, v) -> out.println("       " + k + ": " + v));
        }
        if (trace.why() != null) {
            for (WhyLines.Line l : WhyLines.of(trace.why())) {
                out.println("  ".repeat(l.depth()) + l.text());
            }
        }
        out.flush();
    }
}
