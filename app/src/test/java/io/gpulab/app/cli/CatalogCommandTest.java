package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code gpulab catalog}: every model a scenario may name, with HAMi's type string and memory. */
class CatalogCommandTest {

    @Test
    void listsTheArticlesCardsWithTypeStringAndMemory() {
        CliHarness.Result r = CliHarness.run("catalog");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("A100-80GB ") && l.contains("NVIDIA A100-SXM4-80GB")
                && l.contains("81,920")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("T4-16GB ") && l.contains("NVIDIA-Tesla T4")
                && l.contains("16,384")), r.out());
    }

    @Test
    void jsonListsEveryModelAScenarioAccepts() throws Exception {
        CliHarness.Result r = CliHarness.run("catalog", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode models = new ObjectMapper().readTree(r.out()).get("models");
        assertEquals(io.gpulab.mockgpu.catalog.CardCatalog.builtIn().models().size(), models.size());
        JsonNode l4 = models.findParents("model").stream().filter(m -> "L4-24GB".equals(m.get("model").asText()))
                .findFirst().orElseThrow();
        assertEquals("NVIDIA L4", l4.get("hamiType").asText());
        assertEquals(24576, l4.get("memoryMB").asInt());
    }
}
