/** Tests for io.gpulab.scheduler.usage. */
@NullMarked
package io.gpulab.scheduler.usage;

import org.jspecify.annotations.NullMarked;
