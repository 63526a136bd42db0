/**
 * The description of a lab to build (docs/scenario-format.md, key {@code lab}): HAMi settings, the mock
 * device plugin's lifecycle, tenants, workers and their cards. Immutable records; the scenario parser
 * produces them and every backend consumes them. Constructors reject impossible values with an
 * {@link java.lang.IllegalArgumentException} naming the field, so a parser can add file and line.
 */
@NullMarked
package io.gpulab.engine.lab;

import org.jspecify.annotations.NullMarked;
