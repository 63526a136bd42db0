/**
 * HAMi's extender filter: device scores and orders (gpu_policy.go), the NVIDIA {@code Fit} check chain with
 * HAMi's reason strings, init/app container fitting (score.go), node score and node choice (node_policy.go),
 * and the FailedNodes/event texts. Entry point: {@link io.gpulab.scheduler.filter.HamiFilter}.
 */
@NullMarked
package io.gpulab.scheduler.filter;

import org.jspecify.annotations.NullMarked;
