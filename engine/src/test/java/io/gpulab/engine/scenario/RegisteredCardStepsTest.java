package io.gpulab.engine.scenario;

import io.gpulab.engine.sim.SimBackend;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Steps that name a card are checked against the cards the lab registers, as the simulation registers them: a
 * worker that states HAMi's own {@code hami.io/node-nvidia-register} (every worker of an imported snapshot) has the
 * cards that annotation lists, with their ids, not those of {@code cards:}.
 */
class RegisteredCardStepsTest {

    /** One L4 card as HAMi's device plugin registers it (JSON, escaped for a double-quoted YAML string). */
    private static final String CARD = "{\\\"id\\\":\\\"%s\\\",\\\"index\\\":%d,\\\"count\\\":10,\\\"devmem\\\":24576,"
            + "\\\"devcore\\\":100,\\\"type\\\":\\\"NVIDIA L4\\\",\\\"mode\\\":\\\"hami-core\\\","
            + "\\\"health\\\":true}";

    private static String lab(String steps) {
        return lab(steps, 0, 1);
    }

    private static String lab(String steps, int first, int second) {
        return """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: registered}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w-plain
                          cards: [{model: A100-80GB}]
                        - name: w-real
                          annotations:
                            hami.io/node-nvidia-register: "[%s,%s]"
                steps:
                """.formatted(CARD.formatted("GPU-8f3a", first), CARD.formatted("GPU-77c1", second)) + steps;
    }

    private static Scenario read(String yaml) {
        return new ScenarioReader().read("registered.yaml", new StringReader(yaml), false);
    }

    @Test
    void aCardOfAVerbatimRegistrationCanBeCheckedAndFaultedByItsId() {
        Scenario s = read(lab("""
                  - expectCard: {tenant: t, node: w-real, index: 1, usedMemMB: 0, health: true}
                  - fault: {tenant: t, card: GPU-77c1, health: false}
                  - expectCard: {tenant: t, node: w-real, index: 1, health: false}
                  - expectCard: {tenant: t, node: w-plain, index: 0, health: true}
                """));
        try (SimBackend b = SimBackend.start(s.lab())) {
            RunResult r = new ScenarioRunner(b).run(s);
            r.steps().forEach(step -> assertTrue(step.passed(), step.title() + ": " + step.problems()));
            assertEquals(4, r.steps().size());
        }
    }

    @Test
    void aStepPastTheRegisteredCardsIsRefusedNamingWhatIsRegistered() {
        ScenarioException index = assertThrows(ScenarioException.class,
                () -> read(lab("  - expectCard: {tenant: t, node: w-real, index: 2}\n")));
        assertTrue(index.getMessage().contains("node w-real has 2 card(s), no index 2"), index.getMessage());
        // a registration that numbers its cards 1 and 3 (e.g. HAMi's node config filtered the others out)
        ScenarioException gap = assertThrows(ScenarioException.class,
                () -> read(lab("  - expectCard: {tenant: t, node: w-real, index: 0}\n", 1, 3)));
        assertTrue(gap.getMessage().contains("node w-real has 2 card(s) (indexes 1, 3), no index 0"), gap.getMessage());
        read(lab("  - expectCard: {tenant: t, node: w-real, index: 3}\n", 1, 3));
        ScenarioException card = assertThrows(ScenarioException.class,
                () -> read(lab("  - fault: {tenant: t, card: GPU-1, health: false}\n")));
        // w-plain registers GPU-0; w-real registers the annotation's ids, not a GPU-1 from a counter
        assertTrue(card.getMessage().contains("tenant t has no card 'GPU-1' (cards: GPU-0, GPU-8f3a, GPU-77c1)"),
                card.getMessage());
    }
}
