/** Guided walkthroughs: data files from assets with steps whose checks are evaluated on snapshots. */
@NullMarked
package io.gpulab.app.gui.walkthrough;

import org.jspecify.annotations.NullMarked;
