/** Headless {@code gpulab} commands: run, verify, trace, bench, screenshot, report, import. */
@NullMarked
package io.gpulab.app.cli;

import org.jspecify.annotations.NullMarked;
