/** Tests for io.gpulab.scheduler.lock. */
@NullMarked
package io.gpulab.scheduler.lock;

import org.jspecify.annotations.NullMarked;
