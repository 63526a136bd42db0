package io.gpulab.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What reaches the terminal: escaped control characters, bounded screenshot sizes, Docker hosts said in words. */
class TerminalFailuresTest {

    @TempDir
    Path dir;

    @Test
    void controlCharactersFromAFileAreShownNotObeyed() throws Exception {
        Path plan = Files.writeString(dir.resolve("p.yaml"), "apiVersion: gpulab.io/v1\nkind: Plan\nmetadata: "
                + "{name: \"x\\e[2J\\0\\u202e\"}\nnonsense: 1\n");
        CliHarness.Result r = CliHarness.run("plan", plan.toString());
        assertEquals(2, r.exit());
        assertFalse(r.err().chars().anyMatch(c -> c < 0x20 && c != '\n' || c == 0x202e), r.err());
        assertEquals("a\\x1b[2J\\x00\\u202eb\n", TerminalText.escape("a\u001b[2J\u0000\u202eb\n"));
        assertEquals("tab\tand\rreturn", TerminalText.escape("tab\tand\rreturn"));
    }

    @Test
    void screenshotSizesAreBoundedWithTheBoundNamed() {
        assertEquals(new ScreenshotSize(3840, 2160, 2), ScreenshotSize.parse("3840x2160", 2));
        assertEquals(new ScreenshotSize(7680, 4320, 1), ScreenshotSize.parse("7680x4320", 1));
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> ScreenshotSize.parse("4000x3000", 2));
        assertEquals("--size 4000x3000 --scale 2 would be a 8,000 x 6,000 image (48.0 megapixels); screenshots are "
                + "limited to 40 megapixels, e.g. 3840x2160 at --scale 2 or 7680x4320 at --scale 1", big.getMessage());
        assertEquals("--size 9999x9999: the window is from 320x240 to 7680x4320", assertThrows(
                IllegalArgumentException.class, () -> ScreenshotSize.parse("9999x9999", 1)).getMessage());
        for (String huge : new String[] {"100000x100000", "1600x99999999999999999999"}) {
            assertEquals("--size " + huge + ": the window is from 320x240 to 7680x4320", assertThrows(
                    IllegalArgumentException.class, () -> ScreenshotSize.parse(huge, 1)).getMessage());
        }
        CliHarness.Result r = CliHarness.run("screenshot", "article", "--size", "4000x3000", "--scale", "2", "--out",
                dir.resolve("x.png").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("gpulab screenshot: --size 4000x3000 --scale 2 would be a 8,000 x 6,000 image"),
                r.err());
        assertFalse(Files.exists(dir.resolve("x.png")));
    }

    @Test
    void aMalformedDockerHostIsOneLine() {
        for (String host : new String[] {"not a url", "tcp://[::1", "http://", "tcp://host"}) {
            CliHarness.Result r = CliHarness.run("kind", "preflight", "--docker-host", host);
            assertEquals(2, r.exit(), host);
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("gpulab kind: --docker-host '" + host + "': "), r.err());
            assertTrue(r.err().contains("unix:///var/run/docker.sock"), r.err());
        }
    }

    @Test
    void anUnexpectedFailureIsOneLineWithoutItsTrace() {
        assertEquals("internal error (IllegalStateException: boom)",
                GpulabCommand.unexpected(new IllegalStateException("boom\n\tat x.y(Z.java:1)")));
        assertEquals("cannot read or write a file: /x: Permission denied", GpulabCommand.unexpected(
                new java.nio.file.AccessDeniedException("/x", null, "Permission denied")));
    }
}
