/**
 * The scheduling benchmark behind {@code gpulab bench}: a seeded random fleet and random HAMi pods scheduled one
 * after another through an indexed scheduler whose decisions equal the full scan of
 * {@link io.gpulab.scheduler.filter.HamiFilter}. No printing here; the CLI formats the result.
 */
@NullMarked
package io.gpulab.scheduler.bench;

import org.jspecify.annotations.NullMarked;
