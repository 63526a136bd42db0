package io.gpulab.app.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundledFontsTest {

    @TempDir
    Path cache;

    @Test
    void unpacksEveryShippedFileByteForByte() throws IOException {
        Path dir = BundledFonts.unpackTo(cache);
        for (String name : BundledFonts.FILES) {
            assertArrayEquals(resource(name), Files.readAllBytes(dir.resolve(name)), name);
        }
        try (var left = Files.list(cache)) {
            assertEquals(1, left.count(), "no scratch directory is left behind");
        }
    }

    @Test
    void repairsAnIncompleteCopyAndReusesACompleteOne() throws IOException {
        Path dir = BundledFonts.unpackTo(cache);
        Files.delete(dir.resolve("DejaVuSans.ttf"));
        assertEquals(dir, BundledFonts.unpackTo(cache));
        assertTrue(Files.isRegularFile(dir.resolve("DejaVuSans.ttf")));
        long before = Files.getLastModifiedTime(dir.resolve("DejaVuSansMono.ttf")).toMillis();
        BundledFonts.unpackTo(cache);
        assertEquals(before, Files.getLastModifiedTime(dir.resolve("DejaVuSansMono.ttf")).toMillis());
    }

    @Test
    void everyLogicalFontJavaFxAsksForNamesAShippedFile() throws IOException {
        Properties logical = properties("logicalfonts.properties");
        for (String family : new String[] {"sans", "serif", "monospace"}) {
            for (String style : new String[] {"regular", "bold", "italic", "bolditalic"}) {
                String file = logical.getProperty(family + "." + style + ".0.file");
                assertNotNull(file, family + "." + style + " has no font, JavaFX would leave it empty");
                assertTrue(BundledFonts.FILES.contains(file), file + " is not shipped");
            }
        }
    }

    @Test
    void everyNamedFontIsShippedSoCssCanAskForItByName() throws IOException {
        Properties all = properties("allfonts.properties");
        int max = Integer.parseInt(all.getProperty("maxFont"));
        for (int i = 0; i < max; i++) {
            assertNotNull(all.getProperty("family." + i), "family." + i);
            assertNotNull(all.getProperty("font." + i), "font." + i);
            assertTrue(BundledFonts.FILES.contains(all.getProperty("file." + i)), "file." + i);
        }
        assertEquals(4, max, "every .ttf is listed once");
    }

    private static Properties properties(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = open(name)) {
            p.load(in);
        }
        return p;
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = open(name)) {
            return in.readAllBytes();
        }
    }

    private static InputStream open(String name) {
        InputStream in = BundledFontsTest.class.getClassLoader().getResourceAsStream(BundledFonts.RESOURCE_DIR + name);
        assertNotNull(in, name + " is missing from assets");
        return in;
    }
}
