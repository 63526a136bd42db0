package io.gpulab.engine.snapshot;

import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.sim.SimBackend;
import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an imported scenario back as {@code gpulab run} will. An object from the management dump that {@code run}
 * would refuse (a TenantControlPlane whose version is not one, a DataStore with an unknown driver, ...) is left out and
 * listed with the dump's file, the object and the field, and the rest is imported; then the lab is opened to compare
 * each TenantControlPlane's first status with the one the dump recorded.
 */
final class ManagementCheck {

    private static final Pattern TENANT_CP = Pattern.compile("lab\\.tenants\\[(\\d+)]\\.controlPlane(?:\\.(.*))?");
    private static final Pattern MGMT_ITEM = Pattern.compile("lab\\.management\\.(nodes|dataStores)\\[(\\d+)](?:\\.(.*))?");
    /** Each pass leaves out one object: bounded by the objects a dump can hold, and then some. */
    private static final int MAX_PASSES = 1000;

    private ManagementCheck() {
    }

    /**
     * Leaves out what {@code run} refuses, then compares the statuses.
     *
     * @param file     the management dump's file, for the lines
     * @param observed per tenant, {@code status.kubernetesResources.version.status} in the dump
     * @param skipped  receives one line per object left out and per status that differs
     * @throws IllegalArgumentException when {@code run} would refuse something the dump did not bring in
     */
    @SuppressWarnings("unchecked")
    static void check(String name, Map<String, Object> doc, String file, Map<String, String> observed,
                      List<String> skipped) {
        Map<String, Object> lab = (Map<String, Object>) doc.get("lab");
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            Scenario s;
            try {
                s = new ScenarioReader().read(name + ".yaml", new StringReader(ScenarioYaml.toString(doc)), false);
            } catch (ScenarioException e) {
                if (!leaveOut(lab, e, file, skipped, observed)) {
                    throw new IllegalArgumentException("the imported lab would not run: " + e.path() + ": "
                            + e.problem(), e);
                }
                continue;
            } catch (IOException e) {
                throw new IllegalStateException(e);   // a string writer does not fail
            }
            Map<String, String> computed = new LinkedHashMap<>();
            try (SimBackend sim = SimBackend.start(s.lab())) {
                for (TenantView t : sim.snapshot().tenants()) {
                    computed.put(t.name(), t.controlPlane().phase());
                }
            }
            skipped.addAll(ManagementImport.statusLines(observed, computed));
            return;
        }
        throw new IllegalArgumentException("the management dump " + file + " has too many objects gpulab cannot run");
    }

    /** Removes the object the refusal is about; false when it is not one the management dump brought in. */
    @SuppressWarnings("unchecked")
    private static boolean leaveOut(Map<String, Object> lab, ScenarioException e, String file, List<String> skipped,
                                    Map<String, String> observed) {
        String path = e.path() == null ? "" : e.path();
        Matcher t = TENANT_CP.matcher(path);
        if (t.matches() && lab.get("tenants") instanceof List<?> tenants
                && Integer.parseInt(t.group(1)) < tenants.size()) {
            Map<String, Object> tenant = (Map<String, Object>) tenants.get(Integer.parseInt(t.group(1)));
            Map<String, Object> cp = (Map<String, Object>) tenant.remove("controlPlane");
            if (cp == null) {
                return false;
            }
            Object ns = ((Map<String, Object>) cp.get("metadata")).get("namespace");
            skipped.add("management: " + file + ": TenantControlPlane " + (ns == null ? "" : ns + "/")
                    + tenant.get("name") + field(t.group(2)) + ": " + e.problem() + " (left out: the tenant keeps the "
                    + "lab's default control plane)");
            observed.remove((String) tenant.get("name"));
            if (tenant.get("workers") instanceof List<?> ws) {
                ws.forEach(w -> ((Map<String, Object>) w).remove("kubeletVersion"));
            }
            return true;
        }
        Matcher m = MGMT_ITEM.matcher(path);
        if (m.matches() && lab.get("management") instanceof Map<?, ?> mgmt
                && mgmt.get(m.group(1)) instanceof List<?> items && Integer.parseInt(m.group(2)) < items.size()) {
            Map<String, Object> item = (Map<String, Object>) ((List<Object>) items).remove(Integer.parseInt(m.group(2)));
            boolean node = "nodes".equals(m.group(1));
            Object itemName = node ? item.get("name") : ((Map<String, Object>) item.get("metadata")).get("name");
            skipped.add("management: " + file + ": " + (node ? "Node " : "DataStore ") + itemName + field(m.group(3))
                    + ": " + e.problem() + " (left out)");
            if (items.isEmpty()) {
                ((Map<String, Object>) mgmt).remove(m.group(1));   // the lab's default takes its place
            }
            if (mgmt.isEmpty()) {
                lab.remove("management");
            }
            return true;
        }
        return false;
    }

    private static String field(String rest) {
        return rest == null || rest.isEmpty() ? "" : " " + rest;
    }
}
