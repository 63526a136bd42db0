package io.gpulab.app.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FontProbeTest {

    @TempDir
    Path tmp;

    @Test
    void fontconfigWithNoFontDirectoryMeansNoFonts() throws IOException {
        assumeTrue(fcMatchInstalled(), "fontconfig's fc-match is not installed here");
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path conf = tmp.resolve("fonts.conf");
        Files.writeString(conf, "<?xml version=\"1.0\"?>\n<fontconfig><dir>" + empty + "</dir><cachedir>"
                + tmp.resolve("cache") + "</cachedir></fontconfig>\n");
        assertEquals(FontProbe.Answer.NO_FONTS, FontProbe.ask(Map.of("FONTCONFIG_FILE", conf.toString())));
    }

    @Test
    void aMissingFontconfigToolIsUnknownNotAnError() {
        assertEquals(FontProbe.Answer.UNKNOWN, FontProbe.ask(tmp.resolve("fc-match").toString(), Map.of()));
    }

    private static boolean fcMatchInstalled() {
        return FontProbe.ask() != FontProbe.Answer.UNKNOWN;
    }
}
