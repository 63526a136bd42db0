package io.gpulab.app.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FontSetupTest {

    @TempDir
    Path cache;

    @Test
    void aMachineWithoutFontsIsPointedAtTheShippedFonts() throws IOException {
        Properties props = linux();
        FontSetup.Outcome outcome = FontSetup.prepare(props, () -> FontProbe.Answer.NO_FONTS, () -> cache);
        assertEquals(FontSetup.Outcome.BUNDLED_FONTS, outcome);
        Path dir = Path.of(props.getProperty(FontSetup.FONT_DIR));
        assertTrue(Files.isRegularFile(dir.resolve("logicalfonts.properties")));
        assertTrue(Files.isRegularFile(dir.resolve("DejaVuSans.ttf")));
        assertEquals("true", props.getProperty(FontSetup.EMBEDDED));
    }

    @Test
    void withoutFontconfigToolsTheShippedFontsAreAddedToo() throws IOException {
        Properties props = linux();
        assertEquals(FontSetup.Outcome.BUNDLED_FONTS,
                FontSetup.prepare(props, () -> FontProbe.Answer.UNKNOWN, () -> cache));
    }

    @Test
    void systemFontsAreLeftAlone() throws IOException {
        Properties props = linux();
        assertEquals(FontSetup.Outcome.SYSTEM_FONTS,
                FontSetup.prepare(props, () -> FontProbe.Answer.FONTS, () -> cache));
        assertNull(props.getProperty(FontSetup.FONT_DIR));
        assertNull(props.getProperty(FontSetup.EMBEDDED));
        try (var files = Files.list(cache)) {
            assertFalse(files.findAny().isPresent(), "nothing unpacked");
        }
    }

    @Test
    void aFontDirGivenByTheUserWinsWithoutAskingFontconfig() throws IOException {
        Properties props = linux();
        props.setProperty(FontSetup.FONT_DIR, "/opt/fonts");
        assertEquals(FontSetup.Outcome.CONFIGURED_ELSEWHERE,
                FontSetup.prepare(props, () -> fail("probe must not run"), () -> cache));
        assertEquals("/opt/fonts", props.getProperty(FontSetup.FONT_DIR));
    }

    @Test
    void otherSystemsAreNotTouched() throws IOException {
        Properties props = new Properties();
        props.setProperty("os.name", "Windows 11");
        assertEquals(FontSetup.Outcome.NOT_LINUX, FontSetup.prepare(props, () -> fail("probe"), () -> cache));
    }

    @Test
    void fontsAreCachedUnderXdgThenHomeThenTmp() {
        Properties props = linux();
        props.setProperty("user.home", cache.toString());
        props.setProperty("java.io.tmpdir", "/scratch");
        props.setProperty("user.name", "ci");
        assertEquals(Path.of("/x/cache", "gpulab"), FontSetup.cacheRoot(Map.of("XDG_CACHE_HOME", "/x/cache"), props));
        assertEquals(cache.resolve(".cache/gpulab"), FontSetup.cacheRoot(Map.of(), props));
        props.setProperty("user.home", "?");
        assertEquals(Path.of("/scratch", "gpulab-ci"), FontSetup.cacheRoot(Map.of(), props));
    }

    private static Properties linux() {
        Properties props = new Properties();
        props.setProperty("os.name", "Linux");
        return props;
    }
}
