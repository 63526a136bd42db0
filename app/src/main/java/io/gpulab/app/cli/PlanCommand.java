package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.report.PdfFile;
import io.gpulab.engine.cluster.ClusterBackend;
import io.gpulab.engine.cluster.ClusterException;
import io.gpulab.engine.cluster.ClusterWorkload;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanCsv;
import io.gpulab.engine.plan.PlanJson;
import io.gpulab.engine.plan.PlanReader;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.PlanRunner;
import io.gpulab.engine.plan.Workload;
import io.gpulab.engine.plan.WorkloadResolver;
import io.gpulab.engine.plan.WorkloadSpec;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/** {@code gpulab plan PLAN}: one workload on two or more candidate platforms, compared (docs/plan-format.md). */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Compare candidate GPU platforms for a workload: every candidate is replayed on the simulated "
                + "lab (in parallel), with placement, pending reasons, GPU allocation, utilisation, stranded capacity, "
                + "the smallest worker count where asked, and cost where priced.",
            "Exit 0 with an answer (even when nothing fits), 2 for a bad plan or arguments."})
public final class PlanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN",
            description = "a plan file (YAML or JSON) or a built-in name: inference-a100-vs-l4, mixed-fleet, kamaji-vs-dedicated")
    private String planRef;

    @Option(names = "--json", description = "print the answer as one JSON document")
    private boolean json;

    @Option(names = "--csv", paramLabel = "DIR", description = "also write candidates.csv, curves.csv, pending.csv")
    private @Nullable Path csv;

    @Option(names = "--out", paramLabel = "REPORT.pdf", description = "also write the decision report as PDF")
    private @Nullable Path out;

    @Option(names = "--orders", paramLabel = "N", description = "replay every candidate under N other seeded arrival "
            + "orders (the plan's sensitivity.orders; its growth steps and seed are kept)")
    private @Nullable Integer orders;

    @Option(names = "--max-work", paramLabel = "STEPS", description = "the replay steps the plan may take: refused "
            + "up front past its estimate, stopped while replaying past the steps done (default 400,000, about 20 s of "
            + "CPU; docs/plan-format.md, Limits)")
    private long maxWork = io.gpulab.engine.plan.PlanLimits.MAX_WORK;

    @Mixin
    private ClusterCliOptions cluster = new ClusterCliOptions();

    @Mixin
    private OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        Plan plan;
        Workload workload;
        try {
            // a file that would be refused is refused before the candidates replay, not after
            if (out != null) {
                OutputFile.check(out, PdfFile.KIND, output.force);
            }
            if (csv != null) {
                PlanCsv.check(csv, output.force);
            }
        } catch (java.io.IOException e) {
            CliSupport.err(spec).println("gpulab plan: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        try {
            plan = new PlanReader().load(planRef);
            if (orders != null) {
                if (orders < 1 || orders > io.gpulab.engine.plan.SensitivitySpec.MAX_ORDERS) {
                    throw new IllegalArgumentException("--orders must be between 1 and "
                            + io.gpulab.engine.plan.SensitivitySpec.MAX_ORDERS + ", got " + orders);
                }
                var s = plan.sensitivity();
                plan = plan.withSensitivity(new io.gpulab.engine.plan.SensitivitySpec(orders,
                        s == null ? List.of(0) : s.growth(), s == null ? 1 : s.seed()));
            }
            workload = resolve(plan);
            new PlanRunner().maxWork(maxWork).check(plan, workload);
        } catch (ScenarioException | IllegalArgumentException | UncheckedIOException | ClusterException e) {
            CliSupport.err(spec).println("gpulab plan: " + CliSupport.clusterFailure(e));
            return GpulabCommand.EXIT_USAGE;
        }
        if (out != null) {
            PlanReport.prepare();
        }
        PlanProgressLine progress = new PlanProgressLine(CliSupport.err(spec), PlanProgressLine.stderrIsTerminal(),
                plan.candidates().stream().map(c -> c.name()).toList());
        PlanResult result;
        try {
            result = new PlanRunner().maxWork(maxWork).run(plan, workload, progress, new AtomicBoolean());
        } catch (io.gpulab.engine.plan.PlanWorkExceeded e) {
            // stopped before any answer exists: no report, CSV or JSON is written
            progress.finish();
            CliSupport.err(spec).println("gpulab plan: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        progress.finish();
        try {
            if (csv != null) {
                List<Path> files = PlanCsv.write(result, csv, output.force);
                CliSupport.err(spec).println("plan: wrote " + files.size() + " CSV files to " + csv);
            }
            if (out != null) {
                int pages = PlanReport.write(result, plan, out, output.force);
                CliSupport.err(spec).println("plan: wrote " + out + " (" + pages + " pages)");
            }
        } catch (java.io.IOException e) {
            CliSupport.err(spec).println("gpulab plan: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        if (json) {
            return CliSupport.printJson(spec, PlanJson.of(result, GpulabVersion.VERSION));
        } else {
            PlanSummary.print(result, CliSupport.out(spec));
        }
        return GpulabCommand.EXIT_OK;
    }

    private Workload resolve(Plan plan) throws Exception {
        if (!(plan.workload() instanceof WorkloadSpec.Cluster)) {
            return new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload());
        }
        try (ClusterBackend backend = ClusterBackend.connect(cluster.options())) {
            return new WorkloadResolver(CardCatalog.builtIn(),
                    pendingOnly -> ClusterWorkload.gpuPods(backend, pendingOnly)).resolve(plan.workload());
        }
    }
}
