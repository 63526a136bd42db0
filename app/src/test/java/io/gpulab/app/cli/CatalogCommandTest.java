package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gpulab catalog}: every model a scenario may name, with HAMi's type string and memory. */
class CatalogCommandTest {

    private static String[] run(String... args) {
        CommandLine cli = GpulabCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void listsTheArticlesCardsWithTypeStringAndMemory() {
        String[] r = run("catalog");
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].lines().anyMatch(l -> l.startsWith("A100-80GB ") && l.contains("NVIDIA A100-SXM4-80GB")
                && l.contains("81,920")), r[1]);
        assertTrue(r[1].lines().anyMatch(l -> l.startsWith("T4-16GB ") && l.contains("NVIDIA-Tesla T4")
                && l.contains("16,384")), r[1]);
    }

    @Test
    void jsonListsEveryModelAScenarioAccepts() throws Exception {
        String[] r = run("catalog", "--json");
        assertEquals("0", r[0], r[2]);
        JsonNode models = new ObjectMapper().readTree(r[1]).get("models");
        assertEquals(io.gpulab.mockgpu.catalog.CardCatalog.builtIn().models().size(), models.size());
        JsonNode l4 = models.findParents("model").stream().filter(m -> "L4-24GB".equals(m.get("model").asText()))
                .findFirst().orElseThrow();
        assertEquals("NVIDIA L4", l4.get("hamiType").asText());
        assertEquals(24576, l4.get("memoryMB").asInt());
    }
}
