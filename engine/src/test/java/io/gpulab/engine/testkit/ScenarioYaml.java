package io.gpulab.engine.testkit;

import org.jspecify.annotations.Nullable;

/** Scenario text for tests that write their scenario as YAML (docs/scenario-format.md): one step at a time. */
public final class ScenarioYaml {

    private ScenarioYaml() {
    }

    /**
     * A submit step (indented as an item of {@code steps:}) of a pod with one busybox container named {@code main}.
     *
     * @param namespace   the pod's namespace, or null to leave it out (default)
     * @param annotations {@code key: value, } pairs (a trailing separator is dropped), or null for no annotations key
     * @param resources   the container's resources as a YAML flow mapping
     */
    public static String submit(String tenant, String pod, @Nullable String namespace,
            @Nullable CharSequence annotations, String resources) {
        return """
                  - submit:
                      tenant: %s
                      pod:
                        apiVersion: v1
                        kind: Pod
                        metadata: {name: %s%s%s}
                        spec:
                          containers:
                            - name: main
                              image: busybox
                              resources: %s
                """.formatted(tenant, pod, namespace == null ? "" : ", namespace: " + namespace,
                annotations == null ? "" : ", annotations: {" + annotations.toString().replaceAll(", $", "") + "}",
                resources);
    }
}
