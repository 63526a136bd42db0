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

    @Test
    void schemaListsExactlyTheReasonCodesAndTheMessageKeys() throws Exception {
        java.util.List<String> codes = io.gpulab.engine.api.ReasonCodes.all().stream()
                .map(io.gpulab.engine.api.ReasonCodes.Reason::code).toList();
        for (JsonNode alt : schema().at("/properties/steps/items/oneOf")) {
            String action = alt.at("/required/0").asText();
            JsonNode props = "submit".equals(action) ? alt.at("/properties/expect/properties")
                    : "expectPod".equals(action) ? alt.at("/properties/expectPod/properties") : null;
            if (props == null) {
                continue;
            }
            java.util.List<String> inSchema = new java.util.ArrayList<>();
            props.at("/reason/enum").forEach(n -> inSchema.add(n.asText()));
            assertEquals(codes, inSchema, action);
            for (String key : StepReader.EXPECT_KEYS) {
                assertNotNull(props.get(key), action + " lacks " + key);
            }
        }
    }
}
