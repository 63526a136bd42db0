/**
 * Shared test fixtures (published in the engine's test-jar for app/ tests): the article's lab and
 * Pod manifest builders.
 */
@NullMarked
package io.gpulab.engine.testkit;

import org.jspecify.annotations.NullMarked;
