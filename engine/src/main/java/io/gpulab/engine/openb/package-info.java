/**
 * Import of the Alibaba openb GPU-sharing trace (cluster-trace-gpu-v2023, Weng et al., USENIX ATC '23)
 * as a gpulab scenario: nodes become workers with catalog cards, GPU pods become Pod manifests with HAMi
 * resources, submitted in creation order and deleted at their deletion time.
 */
@NullMarked
package io.gpulab.engine.openb;

import org.jspecify.annotations.NullMarked;
