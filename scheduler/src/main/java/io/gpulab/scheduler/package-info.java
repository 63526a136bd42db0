/** HAMi v2.10.0 scheduling semantics as pure functions: no I/O, no JavaFX. */
@NullMarked
package io.gpulab.scheduler;

import org.jspecify.annotations.NullMarked;
