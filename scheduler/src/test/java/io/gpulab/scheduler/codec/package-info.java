/** Tests for io.gpulab.scheduler.codec. */
@NullMarked
package io.gpulab.scheduler.codec;

import org.jspecify.annotations.NullMarked;
