/** Tests for io.gpulab.scheduler.arch. */
@NullMarked
package io.gpulab.scheduler.arch;

import org.jspecify.annotations.NullMarked;
