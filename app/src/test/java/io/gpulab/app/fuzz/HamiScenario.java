package io.gpulab.app.fuzz;

/**
 * A scenario whose worker carries HAMi's own annotations verbatim (docs/hami-fidelity.md) and an existing
 * pod with HAMi's allocation, so mutating one value exercises HAMi's decoders through the whole run.
 */
final class HamiScenario {

    /** The annotation values, in the order {@link #yaml} places them. */
    static final String[] VALUES = {
        "[{\"id\":\"GPU-a\",\"index\":0,\"count\":10,\"devmem\":81920,\"devcore\":100,\"type\":\"NVIDIA A100-SXM4-80GB\","
            + "\"numa\":0,\"mode\":\"hami-core\",\"health\":true}]",
        "2026-01-01T00:00:00Z,default,old",
        "GPU-z",
        "GPU-a,NVIDIA,20000,30:;",
        "w1",
        "allocating",
    };

    private HamiScenario() {
    }

    static String yaml(String[] v) {
        return """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: hami-annotations}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w1
                          annotations:
                            hami.io/node-nvidia-register: %s
                            hami.io/mutex.lock: %s
                            hami.io/device-cordon: %s
                          pods:
                            - apiVersion: v1
                              kind: Pod
                              metadata:
                                name: old
                                annotations:
                                  hami.io/vgpu-devices-allocated: %s
                                  hami.io/vgpu-node: %s
                                  hami.io/bind-phase: %s
                              spec:
                                containers: [{name: main, image: busybox, resources: {limits: {nvidia.com/gpu: 1}}}]
                              status: {phase: Running}
                steps:
                  - submit:
                      tenant: t
                      pod:
                        apiVersion: v1
                        kind: Pod
                        metadata: {name: p1}
                        spec:
                          containers:
                            - name: main
                              image: busybox
                              resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 10000, nvidia.com/gpucores: 20}}
                    expect: {phase: Pending, reason: BindingFailed}
                  - advance: 6m
                  - expectPod: {tenant: t, pod: default/p1, phase: Running, devices: [GPU-a]}
                  - delete: {tenant: t, pod: default/old}
                """.formatted(q(v[0]), q(v[1]), q(v[2]), q(v[3]), q(v[4]), q(v[5]));
    }

    /** A YAML double-quoted scalar holding {@code s} exactly. */
    private static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0 || c == '\u2028' || c == '\u2029') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
