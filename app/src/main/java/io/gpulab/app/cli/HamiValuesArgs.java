package io.gpulab.app.cli;

import io.gpulab.engine.snapshot.HamiValues;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code --hami-values} arguments of {@code import snapshot}: {@code FILE} for the whole lab (at most once)
 * and {@code TENANT=FILE} for one tenant's own HAMi. A value is per tenant only when the part before '=' names an
 * imported tenant, so a file name that contains '=' still reads as a file.
 *
 * @param lab       the lab-wide values, or null
 * @param perTenant tenant name to its own values
 */
record HamiValuesArgs(HamiValues.@Nullable Result lab, Map<String, HamiValues.Result> perTenant) {

    private static final java.util.regex.Pattern DNS_LABEL = java.util.regex.Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    static HamiValuesArgs parse(@Nullable List<String> args, Set<String> tenants) throws IOException {
        return parse(args, tenants, false);
    }

    /** @param othersIgnored values for a tenant not in {@code tenants} are passed over (a command about one tenant) */
    static HamiValuesArgs parse(@Nullable List<String> args, Set<String> tenants, boolean othersIgnored)
            throws IOException {
        HamiValues.Result lab = null;
        Map<String, HamiValues.Result> perTenant = new LinkedHashMap<>();
        for (String a : args == null ? List.<String>of() : args) {
            int eq = a.indexOf('=');
            String tenant = eq > 0 ? a.substring(0, eq) : null;
            if (othersIgnored && tenant != null && !tenants.contains(tenant) && DNS_LABEL.matcher(tenant).matches()
                    && !java.nio.file.Files.exists(Path.of(a))) {
                continue;
            }
            if (tenant != null && tenants.contains(tenant)) {
                if (perTenant.put(tenant, HamiValues.read(Path.of(a.substring(eq + 1)))) != null) {
                    throw new IllegalArgumentException("--hami-values " + tenant + "=...: given twice");
                }
            } else if (lab != null) {
                throw new IllegalArgumentException("--hami-values " + a + ": the lab-wide values are already given "
                        + "(for one tenant write TENANT=FILE with a --tenant name: " + String.join(", ", tenants) + ")");
            } else {
                lab = HamiValues.read(Path.of(a));
            }
        }
        return new HamiValuesArgs(lab, perTenant);
    }
}
