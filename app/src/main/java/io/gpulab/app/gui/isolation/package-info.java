/**
 * The workbench's isolation view (View → Isolation by layer): the table of {@code gpulab isolation} for the lab on
 * screen, derived off the FX thread on simulated copies of it; the lab itself is never changed.
 */
@NullMarked
package io.gpulab.app.gui.isolation;

import org.jspecify.annotations.NullMarked;
