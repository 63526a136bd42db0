package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gpulab.engine.openb.Arrivals;
import io.gpulab.engine.openb.OpenbCsv;
import io.gpulab.engine.openb.OpenbImporter;
import io.gpulab.engine.openb.OpenbNode;
import io.gpulab.engine.openb.OpenbPod;
import io.gpulab.engine.scenario.GeneratedScenario;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code gpulab import openb NODES.csv PODS.csv}: a scenario from a public cluster trace. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Write a scenario from a public cluster trace.")
public final class ImportCommand {

    @Spec
    private CommandSpec spec;

    /** The Alibaba openb trace (cluster-trace-gpu-v2023). */
    @Command(name = "openb", mixinStandardHelpOptions = true,
            description = {"Import the Alibaba openb GPU-sharing trace (Weng et al., USENIX ATC '23): nodes become "
                    + "workers with catalog cards and their CPU and memory, pods become Pod manifests (gpucores and "
                    + "gpumem-percentage = gpu_milli / 10, cpu_milli and memory_mib as requests); CPU-only pods are "
                    + "kept. G1/G2/G3 cards use the catalog's assumed memory. See docs/openb.md.",
                "Arrivals: trace (default) creates and deletes pods at the trace's times (a list without time "
                    + "columns arrives in file order, never deleted); fgd replays as the FGD paper's artifact: the "
                    + "trace's pods in a random order (--seed), then copies drawn at random from the trace appended "
                    + "while the GPU demand stays within --inflate times the GPU capacity (a trace that asks for more "
                    + "loses pods at random instead); all submitted, none deleted.",
                "Exit 0 on success, 2 for unreadable input or bad arguments."})
    int openb(@Parameters(index = "0", paramLabel = "NODES.csv",
                      description = "openb_node_list_gpu_node.csv, or openb_node_list_all_node.csv whose CPU-only "
                              + "nodes become workers without cards (sn,cpu_milli,memory_mib,gpu,model)") Path nodesCsv,
              @Parameters(index = "1", paramLabel = "PODS.csv",
                      description = "an openb_pod_list_*.csv") Path podsCsv,
              @Option(names = "--tenants", paramLabel = "N", defaultValue = "1",
                      description = "deal nodes and pods round-robin to N tenants (default 1)") int tenants,
              @Option(names = "--arrivals", paramLabel = "MODE", defaultValue = "trace",
                      description = "trace or fgd (default: ${DEFAULT-VALUE})") String arrivals,
              @Option(names = "--inflate", paramLabel = "X",
                      description = "fgd: GPU demand as a multiple of the GPU capacity (default 1.3)")
              @Nullable Double inflate,
              @Option(names = "--seed", paramLabel = "S",
                      description = "fgd: seed of the shuffle and the draws (default 42)") @Nullable Long seed,
              @Option(names = "--out", paramLabel = "FILE",
                      description = "write here (.json for JSON, else YAML); default: stdout") @Nullable Path out,
              @Option(names = "--name", paramLabel = "NAME", defaultValue = "openb",
                      description = "metadata.name of the scenario (default: ${DEFAULT-VALUE})") String name,
              @Mixin OutputOptions output)
            throws IOException {
        OpenbImporter.Imported imported;
        try {
            Arrivals mode = Arrivals.of(arrivals);
            if (mode != Arrivals.FGD && (inflate != null || seed != null)) {
                throw new IllegalArgumentException("--inflate and --seed apply to --arrivals fgd only");
            }
            List<OpenbNode> nodes = OpenbCsv.nodes(nodesCsv);
            List<OpenbPod> pods = OpenbCsv.pods(podsCsv);
            io.gpulab.engine.openb.OpenbMemory.check(podsCsv, pods.size(), Runtime.getRuntime().maxMemory());
            imported = new OpenbImporter(CardCatalog.builtIn()).importTrace(name, nodes, pods,
                    new OpenbImporter.Options(tenants, mode, inflate == null ? 1.3 : inflate, seed == null ? 42 : seed));
        } catch (IOException | IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab: import openb: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        ObjectNode doc = GeneratedScenario.mark(imported.scenario(), OutputOptions.generator("import openb"));
        boolean json = out != null && out.toString().endsWith(".json");
        ObjectMapper mapper = json ? JsonOutput.MAPPER : new ObjectMapper(YAMLFactory.builder()
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .build());
        if (out == null) {
            if (!JsonOutput.print(spec, "cannot write the scenario", o -> mapper.writeValue(o, doc))) {
                return GpulabCommand.EXIT_USAGE;
            }
        } else {
            if (!output.write(spec, "import openb", out, GeneratedScenario.KIND,
                    o -> mapper.writeValue(ScenarioSizeLimit.of(o), doc))) {
                return GpulabCommand.EXIT_USAGE;
            }
            CliSupport.out(spec).printf("wrote %s: %d nodes, %d pods (%d with GPUs, %d CPU-only), %d steps, %s "
                            + "arrivals; rows skipped: %s%n", out, imported.nodes(), imported.pods(), imported.gpuPods(),
                    imported.pods() - imported.gpuPods(), imported.steps(), arrivals.toLowerCase(java.util.Locale.ROOT),
                    imported.skipped().isEmpty() ? "none" : imported.skipped());
        }
        return GpulabCommand.EXIT_OK;
    }

    /** Real clusters' observed state, from kubectl dumps. */
    @Command(name = "snapshot", mixinStandardHelpOptions = true,
            description = {"Import 'kubectl get nodes,pods,resourcequotas,events -A -o yaml' dumps (a v1 List, YAML "
                    + "or JSON), one per tenant, into a scenario whose lab reproduces the observed state: cards from "
                    + "the nodes' hami.io/node-nvidia-register, existing allocations from the pods' annotations, "
                    + "node locks, ResourceQuotas. Secrets are never read. What cannot be imported is listed by "
                    + "object and field. See docs/snapshots.md.",
                "Exit 0 on success (also with skipped parts), 2 for unreadable input or bad arguments."})
    int snapshot(@Option(names = "--tenant", required = true, paramLabel = "NAME=FILE",
                         description = "a tenant's dump (repeatable, in order; one dump per tenant)")
                 List<String> tenantArgs,
                 @Option(names = "--management", paramLabel = "DUMP",
                         description = "the management cluster's 'kubectl get tcp,datastores,nodes -A -o yaml': "
                                 + "lab.management and each tenant's controlPlane (credentials never imported)")
                 @Nullable Path management,
                 @Option(names = "--out", required = true, paramLabel = "S.yaml",
                         description = "the scenario to write (.json for compact JSON, e.g. for a large cluster)")
                 Path out,
                 @Option(names = "--name", paramLabel = "NAME", defaultValue = "snapshot",
                         description = "metadata.name of the scenario (default: ${DEFAULT-VALUE})") String name,
                 @Option(names = "--hami-values", paramLabel = "[TENANT=]values.yaml",
                         description = "the HAMi chart values the platform deploys with: FILE for the whole lab "
                                 + "(lab.hami), TENANT=FILE for one tenant's own HAMi (its hami); repeatable")
                 java.util.@Nullable List<String> hamiValues,
                 @Mixin OutputOptions output)
            throws IOException {
        io.gpulab.engine.snapshot.SnapshotImporter.Result r;
        java.util.Map<String, Path> tenants;
        try {
            tenants = tenantDumps(tenantArgs);
            java.util.List<Path> all = new java.util.ArrayList<>(tenants.values());
            if (management != null) {
                all.add(management);
            }
            // before a byte is parsed: a heap too small would otherwise collect for minutes, then fail
            io.gpulab.engine.snapshot.ImportMemory.check(all, Runtime.getRuntime().maxMemory());
            java.util.Map<String, io.gpulab.engine.snapshot.Dump> dumps = new java.util.LinkedHashMap<>();
            for (var e : tenants.entrySet()) {
                dumps.put(e.getKey(), io.gpulab.engine.snapshot.DumpReader.read(e.getValue()));
            }
            io.gpulab.engine.snapshot.Dump mgmt = management == null ? null
                    : io.gpulab.engine.snapshot.DumpReader.read(management);
            HamiValuesArgs values = HamiValuesArgs.parse(hamiValues, tenants.keySet());
            r = io.gpulab.engine.snapshot.SnapshotImporter.toScenario(name, dumps, mgmt, values.lab(),
                    values.perTenant());
        } catch (IOException | IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab: import snapshot: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        java.util.Map<String, Object> doc = GeneratedScenario.mark(r.scenario(),
                OutputOptions.generator("import snapshot"));
        // JSON has no indentation: a 100,000-pod cluster's scenario is a third smaller than as YAML
        boolean json = out.toString().endsWith(".json");
        if (!output.write(spec, "import snapshot", out, GeneratedScenario.KIND, o -> {
            if (json) {
                JsonOutput.COMPACT.writeValue(ScenarioSizeLimit.of(o), doc);
            } else {
                io.gpulab.engine.snapshot.ScenarioYaml.write(doc, ScenarioSizeLimit.of(o));
            }
        })) {
            return GpulabCommand.EXIT_USAGE;
        }
        java.io.PrintWriter o = CliSupport.out(spec);
        r.counts().forEach((t, c) -> o.printf("%s: %d nodes, %d pods, %d resource quotas, %d events read%n", t, c[0],
                c[1], c[2], c[3]));
        if (!r.skipped().isEmpty()) {
            o.println("not imported:");
            r.skipped().forEach(s -> o.println("  " + s));
        }
        r.warnings().forEach(w -> o.println("warning: " + w));
        o.printf("wrote %s%n", out);
        o.flush();
        return GpulabCommand.EXIT_OK;
    }

    /** {@code NAME=FILE} arguments in order; a tenant given twice is refused (never the last one silently). */
    static java.util.LinkedHashMap<String, Path> tenantDumps(List<String> args) {
        java.util.LinkedHashMap<String, Path> out = new java.util.LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq <= 0 || eq == a.length() - 1) {
                throw new IllegalArgumentException("--tenant " + io.gpulab.engine.scenario.Quote.clip(a)
                        + ": expected NAME=FILE");
            }
            String name = a.substring(0, eq);
            Path file = Path.of(a.substring(eq + 1));
            Path before = out.putIfAbsent(name, file);
            if (before != null) {
                throw new IllegalArgumentException("--tenant " + io.gpulab.engine.scenario.Quote.clip(name)
                        + " is given twice (" + before + " and " + file + "); one dump per tenant (a cluster's "
                        + "dumps can be joined into one file: kubectl get ... -A -o yaml)");
            }
        }
        return out;
    }

    /** A platform's HAMi Helm values as a scenario's {@code lab.hami}. */
    @Command(name = "hami-values", mixinStandardHelpOptions = true,
            description = {"Print the lab.hami block a scenario needs to start from the HAMi configuration a team "
                    + "deploys: the chart's values.yaml (or an override file) read for resource names, scheduler "
                    + "name and policies, webhook failure policy, deviceSplitCount, scalings and per-node "
                    + "nodeConfiguration entries. Keys the lab does not read are listed as comments.",
                "Exit 0 on success, 2 for an unreadable file."})
    int hamiValues(@Parameters(index = "0", paramLabel = "values.yaml") Path values) throws IOException {
        io.gpulab.engine.snapshot.HamiValues.Result r;
        try {
            r = io.gpulab.engine.snapshot.HamiValues.read(values);
        } catch (IOException | IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab: import hami-values: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        java.io.PrintWriter o = CliSupport.out(spec);
        o.print(io.gpulab.engine.snapshot.ScenarioYaml.toString(java.util.Map.of("hami", r.hami())));
        r.notRead().forEach(k -> o.println("# not read: " + k));
        o.flush();
        return GpulabCommand.EXIT_OK;
    }
}
