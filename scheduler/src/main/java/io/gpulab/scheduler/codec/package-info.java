/**
 * Encoders and decoders for every HAMi annotation: node registration (JSON and legacy colon form), pod
 * device allocations, the node lock value and the bind phase. Decoders never throw: they return a
 * {@link io.gpulab.scheduler.codec.Decoded} holding either the value or an
 * {@link io.gpulab.scheduler.codec.AnnotationError} that names the annotation and the offending part.
 */
@NullMarked
package io.gpulab.scheduler.codec;

import org.jspecify.annotations.NullMarked;
