package io.gpulab.app.gui.window;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * {@link RealWindowTest}'s checks on the dark theme: the same real window on the same three screens, switched to
 * dark with its shortcut before the first check (a theme's own padding or type can push a label past its room).
 */
@Tag("real-window")
class RealWindowDarkTest extends RealWindowTest {

    @BeforeAll
    static void openTheWorkbench() throws Exception {
        open(true);
    }
}
