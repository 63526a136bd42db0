/**
 * What the launcher checks and prepares about the machine before JavaFX starts: fonts on machines
 * without any, a display for the workbench, readable hints for toolkit failures, and the start-up
 * probe used by the installers' benchmark.
 */
@NullMarked
package io.gpulab.app.platform;

import org.jspecify.annotations.NullMarked;
