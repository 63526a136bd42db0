/** Programmatic views (no FXML): they build nodes, bind to view-models and hold no logic. */
@NullMarked
package io.gpulab.app.gui.view;

import org.jspecify.annotations.NullMarked;
