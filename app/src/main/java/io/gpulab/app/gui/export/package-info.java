/** PNG screenshots with a caption strip, the PDF review report, and the headless toolkit for the CLI. */
@NullMarked
package io.gpulab.app.gui.export;

import org.jspecify.annotations.NullMarked;
