package io.gpulab.app.cli;

import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code gpulab catalog}: the card models a scenario may name ({@code cards: [{model: ...}]}), with the
 * type string HAMi registers for each and its memory, so nobody has to read them out of an error message.
 */
@Command(name = "catalog", mixinStandardHelpOptions = true,
        description = {"List the card models a scenario may use, with HAMi's type string and memory.",
            "Each card also has 100 compute units and lab.hami.deviceSplitCount sharing slots (default 10)."})
public final class CatalogCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "print the catalog as JSON")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        List<CardModel> models = CardCatalog.builtIn().models();
        if (json) {
            List<Map<String, Object>> rows = models.stream().map(CatalogCommand::row).toList();
            return CliSupport.printJson(spec, Map.of("models", rows));
        }
        PrintWriter out = CliSupport.out(spec);
        int w = Math.max(5, models.stream().mapToInt(m -> m.name().length()).max().orElse(5));
        int tw = Math.max(15, models.stream().mapToInt(m -> m.type().length()).max().orElse(15));
        out.printf(Locale.ROOT, "%-" + w + "s  %-" + tw + "s  %10s  %s%n", "model", "HAMi type string", "memory MB",
                "aliases / note");
        for (CardModel m : models) {
            String extra = String.join(", ", m.aliases()) + (m.note().isEmpty() ? "" : (m.aliases().isEmpty() ? ""
                    : "; ") + m.note());
            out.printf(Locale.ROOT, "%-" + w + "s  %-" + tw + "s  %,10d  %s%n", m.name(), m.type(), m.memoryMB(),
                    extra);
        }
        out.flush();
        return GpulabCommand.EXIT_OK;
    }

    private static Map<String, Object> row(CardModel m) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("model", m.name());
        r.put("aliases", m.aliases());
        r.put("hamiType", m.type());
        r.put("nvml", m.nvml());
        r.put("memoryMB", m.memoryMB());
        if (!m.note().isEmpty()) {
            r.put("note", m.note());
        }
        return r;
    }
}
