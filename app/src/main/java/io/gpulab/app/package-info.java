/** The gpulab application: the JavaFX workbench ({@code gui}) and the command line ({@code cli}). */
@NullMarked
package io.gpulab.app;

import org.jspecify.annotations.NullMarked;
