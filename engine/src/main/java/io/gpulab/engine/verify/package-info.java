/**
 * A scenario run as a test report: JUnit XML (one testcase per expectation, for CI), plus Markdown and
 * HTML summaries for people. Pure writers over a {@link io.gpulab.engine.scenario.RunResult}.
 */
@NullMarked
package io.gpulab.engine.verify;

import org.jspecify.annotations.NullMarked;
