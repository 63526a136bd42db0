package io.gpulab.engine.openb;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * One row of {@code openb_node_list_gpu_node.csv}.
 *
 * @param sn        node serial, e.g. {@code openb-node-0000}
 * @param cpuMilli  CPU in millicores
 * @param memoryMib memory in MiB
 * @param gpu       number of GPUs
 * @param model     GPU model code: {@code P100}, {@code T4}, {@code V100M16}, {@code V100M32}, {@code A10},
 *                  or the undisclosed {@code G1}/{@code G2}/{@code G3}; empty on a node without GPUs
 *                  ({@code openb_node_list_all_node.csv})
 */
public record OpenbNode(@JsonProperty(value = "sn", required = true) String sn,
                        @JsonProperty(value = "cpu_milli", required = true) long cpuMilli,
                        @JsonProperty(value = "memory_mib", required = true) long memoryMib,
                        @JsonProperty(value = "gpu", required = true) int gpu,
                        @JsonProperty(value = "model", required = true) @Nullable String model) { }
