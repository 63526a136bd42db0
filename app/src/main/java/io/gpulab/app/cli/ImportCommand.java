package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
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
                    + "workers with catalog cards, GPU pods become Pod manifests (gpucores and gpumem-percentage "
                    + "= gpu_milli / 10) submitted in creation order and deleted at their deletion time. "
                    + "CPU-only pods are skipped; G1/G2/G3 cards use the catalog's assumed memory.",
                "Exit 0 on success, 2 for unreadable input or bad arguments."})
    int openb(@Parameters(index = "0", paramLabel = "NODES.csv",
                      description = "openb_node_list_gpu_node.csv (sn,cpu_milli,memory_mib,gpu,model)") Path nodesCsv,
              @Parameters(index = "1", paramLabel = "PODS.csv",
                      description = "an openb_pod_list_*.csv") Path podsCsv,
              @Option(names = "--tenants", paramLabel = "N", defaultValue = "1",
                      description = "deal nodes and pods round-robin to N tenants (default 1)") int tenants,
              @Option(names = "--out", paramLabel = "FILE",
                      description = "write here (.json for JSON, else YAML); default: stdout") @Nullable Path out,
              @Option(names = "--name", paramLabel = "NAME", defaultValue = "openb",
                      description = "metadata.name of the scenario (default: ${DEFAULT-VALUE})") String name)
            throws IOException {
        List<OpenbNode> nodes;
        List<OpenbPod> pods;
        ObjectNode doc;
        try {
            nodes = OpenbCsv.nodes(nodesCsv);
            pods = OpenbCsv.pods(podsCsv);
            doc = new OpenbImporter(CardCatalog.builtIn()).toScenario(name, nodes, pods, tenants);
        } catch (IOException | IllegalArgumentException e) {
            CliSupport.err(spec).println("gpulab: import openb: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
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
            CliSupport.out(spec).printf("wrote %s: %d nodes, %d steps%n", out, nodes.size(), doc.get("steps").size());
        }
        return GpulabCommand.EXIT_OK;
    }
}
