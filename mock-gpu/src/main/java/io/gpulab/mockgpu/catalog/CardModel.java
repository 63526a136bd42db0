package io.gpulab.mockgpu.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * One GPU model of the catalog.
 *
 * @param name     catalog name, e.g. {@code A100-80GB}
 * @param aliases  other accepted names, e.g. openb's {@code V100M16}
 * @param nvml     NVML product name, e.g. {@code NVIDIA A100-SXM4-80GB} or {@code Tesla T4}
 * @param memoryMB physical memory in MB
 * @param note     why a value is assumed, or empty
 */
public record CardModel(@JsonProperty(value = "name", required = true) String name,
                        @JsonProperty("aliases") List<String> aliases,
                        @JsonProperty(value = "nvml", required = true) String nvml,
                        @JsonProperty(value = "memoryMB", required = true) int memoryMB,
                        @JsonProperty("note") String note) {

    public CardModel {
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
        note = note == null ? "" : note;
    }

    /**
     * HAMi's registered type string (v2.8+): the NVML name, prefixed {@code NVIDIA-} unless it already
     * starts with {@code NVIDIA}; e.g. {@code NVIDIA A100-SXM4-80GB}, {@code NVIDIA-Tesla T4}.
     */
    public String type() {
        return hamiType(nvml);
    }

    /** The v2.8+ rule applied to any NVML name. */
    public static String hamiType(String nvmlName) {
        return nvmlName.startsWith("NVIDIA") ? nvmlName : "NVIDIA-" + nvmlName;
    }
}
