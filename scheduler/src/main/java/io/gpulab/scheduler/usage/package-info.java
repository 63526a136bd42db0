/**
 * Card usage bookkeeping: the collapsed share a pod holds on each card (init containers vs app containers),
 * applying/releasing it on a node, and rebuilding a node's usage from pods' allocation annotations.
 */
@NullMarked
package io.gpulab.scheduler.usage;

import org.jspecify.annotations.NullMarked;
