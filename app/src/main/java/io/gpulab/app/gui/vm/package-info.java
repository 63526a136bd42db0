/** View-models: observable state fed from engine snapshots; the only GUI classes that talk to the engine. */
@NullMarked
package io.gpulab.app.gui.vm;

import org.jspecify.annotations.NullMarked;
