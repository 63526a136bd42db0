package io.gpulab.app.gui;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code synthetic:WORKERSxCARDS} scenarios for scale checks of the workbench (e.g. {@code synthetic:1000x8}):
 * one large tenant of A100 workers next to the article's tenant, with a pod on every third worker so the
 * glyphs show a realistic mix of fill levels.
 */
public final class SyntheticLab {

    private static final Pattern NAME = Pattern.compile("synthetic:(\\d{1,5})x(\\d{1,2})");

    private SyntheticLab() {
    }

    /** The scenario YAML for a {@code synthetic:WxC} name, or empty when the name is not one. */
    public static Optional<String> yaml(String name) {
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        int workers = Integer.parseInt(m.group(1));
        int cards = Integer.parseInt(m.group(2));
        if (workers < 1 || cards < 1) {
            throw new IllegalArgumentException(name + ": workers and cards must be at least 1");
        }
        StringBuilder b = new StringBuilder();
        b.append("apiVersion: gpulab.io/v1\nkind: Scenario\nmetadata: {name: synthetic-").append(workers).append('x')
                .append(cards).append("}\nlab:\n  mockGpu: {lifecycle: complete}\n  tenants:\n")
                .append("    - name: tenant-a\n      workers:\n        - name: tenant-a-worker\n          cpu: 4\n")
                .append("          memoryMiB: 8192\n          cards: [{model: A100-80GB, count: 1}]\n")
                .append("    - name: fleet\n      workers:\n");
        for (int i = 0; i < workers; i++) {
            b.append(String.format(Locale.ROOT, "        - {name: fleet-w%04d, cpu: 64, memoryMiB: 524288, cards: "
                    + "[{model: A100-80GB, count: %d}]}%n", i, cards));
        }
        b.append("steps:\n");
        for (int i = 0; i < workers / 3; i++) {
            b.append(String.format(Locale.ROOT, "  - submit: {tenant: fleet, pod: {apiVersion: v1, kind: Pod, "
                    + "metadata: {name: job-%04d, namespace: default}, spec: {containers: [{name: main, "
                    + "image: busybox, resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: %d, "
                    + "nvidia.com/gpucores: 30}}}]}}}%n", i, 10_000 + (i * 7919) % 60_000));
        }
        return Optional.of(b.toString());
    }
}
