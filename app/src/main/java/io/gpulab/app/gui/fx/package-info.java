/** FX-thread plumbing: the single runNowOrLater hop and the background task executor. */
@NullMarked
package io.gpulab.app.gui.fx;

import org.jspecify.annotations.NullMarked;
