/**
 * The workbench's Plan view: open or edit a plan, run it with progress and cancel, see the candidates side by
 * side (allocation curves, utilisation and stranded capacity), and open any candidate as a lab.
 */
@NullMarked
package io.gpulab.app.gui.plan;

import org.jspecify.annotations.NullMarked;
