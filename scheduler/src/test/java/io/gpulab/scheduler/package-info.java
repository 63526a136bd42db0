/** Tests for the HAMi decision core. */
@NullMarked
package io.gpulab.scheduler;

import org.jspecify.annotations.NullMarked;
