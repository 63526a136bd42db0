/**
 * YAML read in time linear in the input, also for one long value (SnakeYAML's own reader copies its window for every
 * 1,024 characters of a value, which is quadratic in the value's length).
 */
@NullMarked
package io.gpulab.engine.yaml;

import org.jspecify.annotations.NullMarked;
