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
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
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
                    + "columns arrives in file order, never deleted); fgd replays as the FGD paper's artifact: pods "
                    + "resampled until their GPU demand is --inflate times the GPU capacity, shuffled by --seed, "
                    + "all submitted, none deleted.",
                "Exit 0 on success, 2 for unreadable input or bad arguments."})
    int openb(@Parameters(index = "0", paramLabel = "NODES.csv",
                      description = "openb_node_list_gpu_node.csv (sn,cpu_milli,memory_mib,gpu,model)") Path nodesCsv,
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
                      description = "fgd: seed of the resampling and the shuffle (default 42)") @Nullable Long seed,
              @Option(names = "--out", paramLabel = "FILE",
                      description = "write here (.json for JSON, else YAML); default: stdout") @Nullable Path out,
              @Option(names = "--name", paramLabel = "NAME", defaultValue = "openb",
                      description = "metadata.name of the scenario (default: ${DEFAULT-VALUE})") String name)
            throws IOException {
        OpenbImporter.Imported imported;
        try {
            Arrivals mode = Arrivals.of(arrivals);
            if (mode != Arrivals.FGD && (inflate != null || seed != null)) {
                throw new IllegalArgumentException("--inflate and --seed apply to --arrivals fgd only");
            }
            List<OpenbNode> nodes = OpenbCsv.nodes(nodesCsv);
            List<OpenbPod> pods = OpenbCsv.pods(podsCsv);
            imported = new OpenbImporter(CardCatalog.builtIn()).importTrace(name, nodes, pods,
                    new OpenbImporter.Options(tenants, mode, inflate == null ? 1.3 : inflate, seed == null ? 42 : seed));
        } catch (IOException | IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab: import openb: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        ObjectNode doc = imported.scenario();
        boolean json = out != null && out.toString().endsWith(".json");
        ObjectMapper mapper = json ? CliSupport.JSON : new ObjectMapper(YAMLFactory.builder()
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .build());
        if (out == null) {
            mapper.writeValue(CliSupport.out(spec), doc);
            CliSupport.out(spec).flush();
        } else {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            mapper.writeValue(out.toFile(), doc);
            CliSupport.out(spec).printf("wrote %s: %d nodes, %d pods (%d with GPUs, %d CPU-only), %d steps, %s "
                            + "arrivals; rows skipped: %s%n", out, imported.nodes(), imported.pods(), imported.gpuPods(),
                    imported.pods() - imported.gpuPods(), imported.steps(), arrivals.toLowerCase(java.util.Locale.ROOT),
                    imported.skipped().isEmpty() ? "none" : imported.skipped());
        }
        return GpulabCommand.EXIT_OK;
    }
}
