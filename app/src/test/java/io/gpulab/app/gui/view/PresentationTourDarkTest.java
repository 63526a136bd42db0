package io.gpulab.app.gui.view;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * {@link PresentationTourTest} on the dark theme (switched with its shortcut before presentation mode), each step by its
 * first route.
 */
@Tag("real-window")
class PresentationTourDarkTest extends PresentationTourTest {

    @BeforeAll
    static void openTheWorkbenchInPresentationMode() throws Exception {
        open(true);
    }

    @Override
    boolean alternateRoutes() {
        return false;
    }
}
