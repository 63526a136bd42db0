/** Tests for io.gpulab.scheduler.bench. */
@NullMarked
package io.gpulab.scheduler.bench;

import org.jspecify.annotations.NullMarked;
