/** Where the workbench's windows open: inside the screen they are on, sized to it, remembered while they fit. */
@NullMarked
package io.gpulab.app.gui.window;

import org.jspecify.annotations.NullMarked;
