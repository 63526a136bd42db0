/** Tests for io.gpulab.scheduler.filter. */
@NullMarked
package io.gpulab.scheduler.filter;

import org.jspecify.annotations.NullMarked;
