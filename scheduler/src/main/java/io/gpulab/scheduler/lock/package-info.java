/**
 * HAMi's node lock ({@code pkg/util/nodelock}) as pure rules over an injected clock: acquire (new, expired,
 * reentrant, dangling holder, contention), inspect, and owner-checked release.
 */
@NullMarked
package io.gpulab.scheduler.lock;

import org.jspecify.annotations.NullMarked;
