/**
 * Every file gpulab writes (docs/outputs.md): written to a temporary file beside the target, forced to disk and
 * renamed over it, so a killed process or a full disk never leaves a partial file under the final name; links,
 * directories and files gpulab did not write are not replaced without {@code --force}.
 */
@NullMarked
package io.gpulab.engine.output;

import org.jspecify.annotations.NullMarked;
