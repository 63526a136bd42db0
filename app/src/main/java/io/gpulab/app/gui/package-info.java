/** The JavaFX workbench: application entry, the main window and its composition. */
@NullMarked
package io.gpulab.app.gui;

import org.jspecify.annotations.NullMarked;
