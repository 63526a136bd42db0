package io.gpulab.engine.sim;

import io.gpulab.engine.testkit.ScenarioYaml;
import org.jspecify.annotations.Nullable;

/**
 * The scenario text the saturated equivalence tests generate from their seeds: one tenant {@code t} of identical
 * workers with four cards each (every third an L4, the rest A100-80GB), and pods submitted to it.
 */
final class SaturatedLabs {

    private static final String[] MODELS = {"A100-80GB", "L4-24GB"};

    private SaturatedLabs() {
    }

    /**
     * The scenario up to its {@code steps:} key (not included): {@code workers} named {@code w-00} on.
     *
     * @param tenantYaml more of tenant t's fields, each line indented by six spaces and ending in a newline, or ""
     */
    static StringBuilder lab(String name, String tenantYaml, int workers, int cpu, int memoryMiB) {
        StringBuilder y = new StringBuilder("""
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: %s}
                lab:
                  tenants:
                    - name: t
                """.formatted(name)).append(tenantYaml).append("      workers:\n");
        for (int w = 0; w < workers; w++) {
            y.append("        - {name: w-%02d, cpu: %d, memoryMiB: %d, cards: [{model: %s, count: 4}]}\n"
                    .formatted(w, cpu, memoryMiB, MODELS[w % 3 == 0 ? 1 : 0]));
        }
        return y;
    }

    /**
     * A submit step of pod {@code p<n>} with one container.
     *
     * @param namespace   the pod's namespace, or null to leave it out (default)
     * @param annotations {@code key: value, } pairs (a trailing separator is dropped)
     * @param resources   the container's resources as a YAML flow mapping
     */
    static String submit(int n, @Nullable String namespace, CharSequence annotations, String resources) {
        return ScenarioYaml.submit("t", "p" + n, namespace, annotations, resources);
    }
}
