package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.scenario.LabParts;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioNode;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Chart values as the HAMi settings a live tenant is read with: the {@code lab.hami} block {@link HamiValues}
 * derives, checked by the scenario reader's own rules (so a bad value gets the same error as in a scenario).
 */
public final class HamiValuesSettings {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private HamiValuesSettings() {
    }

    /**
     * @param lab    the lab-wide values, or null
     * @param tenant the tenant's own values, or null; its keys override the lab's
     * @throws IllegalArgumentException for a value the lab refuses
     */
    public static HamiSettings of(HamiValues.@Nullable Result lab, HamiValues.@Nullable Result tenant) {
        Map<String, Object> hami = new LinkedHashMap<>();
        if (lab != null) {
            hami.putAll(lab.hami());
        }
        if (tenant != null) {
            hami.putAll(tenant.hami());
        }
        if (hami.isEmpty()) {
            return HamiSettings.DEFAULTS;
        }
        try {
            String text = YAML.writeValueAsString(hami);
            return new LabParts(CardCatalog.builtIn()).hami(ScenarioNode.root(LabParts.tree("hami-values", text)));
        } catch (JsonProcessingException | ScenarioException e) {
            throw new IllegalArgumentException("--hami-values: " + e.getMessage(), e);
        }
    }
}
