/**
 * The pod side of HAMi: Kubernetes quantity parsing with {@code AsInt64} semantics, request resolution
 * ({@code GenerateResourceRequests}) and the mutating webhook ({@code MutateAdmission}).
 */
@NullMarked
package io.gpulab.scheduler.request;

import org.jspecify.annotations.NullMarked;
