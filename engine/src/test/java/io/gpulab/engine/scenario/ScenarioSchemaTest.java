package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The published JSON Schema describes the same document the reader accepts. */
class ScenarioSchemaTest {

    private static JsonNode schema() throws Exception {
        try (InputStream in = ScenarioSchemaTest.class.getResourceAsStream("/gpulab/schema/scenario.schema.json")) {
            assertNotNull(in, "schema missing from assets");
            return new ObjectMapper().readTree(in);
        }
    }

    @Test
    void schemaListsExactlyTheReadersStepActions() throws Exception {
        Set<String> inSchema = new TreeSet<>();
        for (JsonNode alt : schema().at("/properties/steps/items/oneOf")) {
            inSchema.add(alt.at("/required/0").asText());
        }
        assertEquals(new TreeSet<>(Set.of(StepReader.ACTIONS)), inSchema);
    }

    @Test
    void schemaPinsTheApiVersionAndKind() throws Exception {
        JsonNode s = schema();
        assertEquals(ScenarioReader.API_VERSION, s.at("/properties/apiVersion/const").asText());
        assertEquals("Scenario", s.at("/properties/kind/const").asText());
    }
}
