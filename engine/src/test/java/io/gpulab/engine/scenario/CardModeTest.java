package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A card's {@code mode} is free-form as in HAMi, and a pod's {@code nvidia.com/vgpu-mode} selects by substring. */
class CardModeTest {

    private static final String YAML = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: modes}
            lab:
              tenants:
                - name: t
                  workers:
                    - name: w
                      cards:
                        - {model: A100-80GB, mode: hami, uuid: GPU-h}
                        - {model: A100-80GB, mode: mps, uuid: GPU-m}
            steps:
              - submit:
                  tenant: t
                  pod:
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: p, annotations: {nvidia.com/vgpu-mode: hami}}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources:
                            limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 1000}
                expect: {phase: Running, node: w}
            """;

    @Test
    void anyModeStringIsACardModeAndPodsSelectIt() {
        Scenario s = new ScenarioReader().read("t.yaml", new StringReader(YAML), false);
        assertEquals("hami", s.lab().tenants().get(0).workers().get(0).cards().get(0).mode());
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            RunResult r = new ScenarioRunner(b).run(s);
            assertEquals(0, r.summary().failed(), r.toString());
            var pod = b.snapshot().tenants().get(0).pod("default/p").orElseThrow();
            assertEquals("GPU-h", pod.devices().get(0).id());
        }
    }
}
