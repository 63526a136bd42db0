package io.gpulab.app.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DisplayCheckTest {

    @Test
    void linuxWithoutDisplayExplainsXvfbAndTheHeadlessCommands() {
        String message = DisplayCheck.problem(props("Linux"), Map.of()).orElseThrow();
        assertTrue(message.contains("xvfb-run -a gpulab"), message);
        assertTrue(message.contains("gpulab run article"), message);
    }

    @Test
    void anX11OrWaylandDisplayIsEnough() {
        assertEquals(Optional.empty(), DisplayCheck.problem(props("Linux"), Map.of("DISPLAY", ":99")));
        assertEquals(Optional.empty(), DisplayCheck.problem(props("Linux"), Map.of("WAYLAND_DISPLAY", "wayland-0")));
    }

    @Test
    void aBlankDisplayVariableCountsAsNone() {
        assertTrue(DisplayCheck.problem(props("Linux"), Map.of("DISPLAY", " ")).isPresent());
    }

    @Test
    void monocleAndDesktopSystemsNeedNoDisplayVariable() {
        Properties monocle = props("Linux");
        monocle.setProperty("glass.platform", "Monocle");
        assertEquals(Optional.empty(), DisplayCheck.problem(monocle, Map.of()));
        assertEquals(Optional.empty(), DisplayCheck.problem(props("Mac OS X"), Map.of()));
        assertEquals(Optional.empty(), DisplayCheck.problem(props("Windows 11"), Map.of()));
    }

    private static Properties props(String os) {
        Properties p = new Properties();
        p.setProperty("os.name", os);
        return p;
    }
}
