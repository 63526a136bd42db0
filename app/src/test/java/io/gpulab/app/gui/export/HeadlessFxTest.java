package io.gpulab.app.gui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The report and screenshot commands start the toolkit through one entry point, which must also work when
 * a toolkit already runs in the JVM (the open workbench writing a decision report, or a test's).
 */
@ExtendWith(ApplicationExtension.class)
class HeadlessFxTest {

    @Start
    void start(Stage stage) {
        // a toolkit started by someone else is the point of this test
    }

    @Test
    void startUsesAToolkitThatAlreadyRuns() throws Exception {
        HeadlessFx.start();
        HeadlessFx.start();
        assertTrue(HeadlessFx.call(Platform::isFxApplicationThread), "work runs on the running toolkit's thread");
        assertEquals(42, HeadlessFx.call(() -> 42));
    }
}
