package io.gpulab.app.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolkitHintsTest {

    @Test
    void aDisplayFailureDeepInTheCauseChainGetsTheDisplayAdvice() {
        Throwable t = new RuntimeException("launch failed",
                new IllegalStateException(new UnsupportedOperationException("Unable to open DISPLAY")));
        assertEquals(Optional.of(DisplayCheck.NO_DISPLAY), ToolkitHints.explain(t));
    }

    @Test
    void aMissingGtkNamesThePackageToInstall() {
        Throwable t = new UnsupportedOperationException("Unable to load glass GTK library.");
        assertEquals(Optional.of(ToolkitHints.NO_GTK), ToolkitHints.explain(t));
    }

    @Test
    void otherFailuresAreLeftToTheNormalHandler() {
        assertEquals(Optional.empty(), ToolkitHints.explain(new IllegalArgumentException("bad scenario")));
        assertEquals(Optional.empty(), ToolkitHints.explain(new RuntimeException((String) null)));
    }
}
