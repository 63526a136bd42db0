package io.gpulab.engine.openb;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * One row of an openb pod list ({@code openb_pod_list_*.csv}); times are seconds from the trace start. Some
 * published lists ({@code multigpu*}) have only {@code name,cpu_milli,memory_mib,num_gpu,gpu_milli}.
 *
 * @param gpuMilli     the share of one GPU a single-GPU pod asks for (1000 = whole card)
 * @param gpuSpec      acceptable models separated by {@code |}, or empty for any
 * @param creationTime {@code null} in a list without time columns (pods then arrive in file order)
 * @param deletionTime {@code null} when the pod outlives the trace
 */
public record OpenbPod(@JsonProperty(value = "name", required = true) String name,
                       @JsonProperty("cpu_milli") long cpuMilli,
                       @JsonProperty("memory_mib") long memoryMib,
                       @JsonProperty(value = "num_gpu", required = true) int numGpu,
                       @JsonProperty(value = "gpu_milli", required = true) int gpuMilli,
                       @JsonProperty("gpu_spec") @Nullable String gpuSpec,
                       @JsonProperty("qos") @Nullable String qos,
                       @JsonProperty("pod_phase") @Nullable String podPhase,
                       @JsonProperty("creation_time") @Nullable Long creationTime,
                       @JsonProperty("deletion_time") @Nullable Long deletionTime,
                       @JsonProperty("scheduled_time") @Nullable Long scheduledTime) {

    /** The same pod under another name (a resampled copy). */
    public OpenbPod renamed(String newName) {
        return new OpenbPod(newName, cpuMilli, memoryMib, numGpu, gpuMilli, gpuSpec, qos, podPhase, creationTime,
                deletionTime, scheduledTime);
    }
}
