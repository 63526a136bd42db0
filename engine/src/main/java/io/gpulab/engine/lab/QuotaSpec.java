package io.gpulab.engine.lab;

import java.util.Map;
import java.util.TreeMap;

/**
 * A namespace's ResourceQuota as a tenant holds it ({@code lab.tenants[].resourceQuotas[]}, a v1 ResourceQuota
 * manifest). HAMi's scheduler reads only the {@code spec.hard} keys {@code limits.<memory resource>} and
 * {@code limits.<cores resource>} (e.g. {@code limits.nvidia.com/gpumem}); other keys are kept for display.
 *
 * @param name      {@code metadata.name}
 * @param namespace {@code metadata.namespace}
 * @param hard      {@code spec.hard}: resource name to quantity string
 * @throws IllegalArgumentException for a bad name or namespace
 */
public record QuotaSpec(String name, String namespace, Map<String, String> hard) {

    public QuotaSpec {
        hard = Map.copyOf(new TreeMap<>(hard));
        Names.requireDnsName(name, "ResourceQuota name");
        Names.requireDnsName(namespace, "ResourceQuota namespace");
    }
}
