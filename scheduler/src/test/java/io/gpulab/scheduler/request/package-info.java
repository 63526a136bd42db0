/** Tests for io.gpulab.scheduler.request. */
@NullMarked
package io.gpulab.scheduler.request;

import org.jspecify.annotations.NullMarked;
