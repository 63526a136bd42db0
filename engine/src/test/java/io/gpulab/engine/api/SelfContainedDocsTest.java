package io.gpulab.engine.api;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The repository owns its contracts: nothing points a reader at a document outside it, and every
 * document the README and docs/ link to exists.
 */
class SelfContainedDocsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Set<String> TEXT = Set.of(".java", ".md", ".yaml", ".yml", ".properties", ".json", ".sh",
            ".txt", ".xml", ".css");
    /** Documents that exist only outside the repository. */
    private static final Pattern OUTSIDE = Pattern.compile("DESIGN\\.md|STYLE\\.md|\\.\\./shared|/work/shared|"
            + "shared/spec|spec/hami\\.md|spec/kamaji\\.md|build-notes");
    private static final Pattern LINK = Pattern.compile("\\]\\(((?!https?:)[^)#\\s]+)(#[^)]*)?\\)");

    private static List<Path> files() throws IOException {
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> ROOT.relativize(p).toString().split("[/\\\\]")[0].chars().noneMatch(c -> c == '.'))
                    .filter(p -> !ROOT.relativize(p).toString().matches("(.*[/\\\\])?target(-[^/\\\\]*)?[/\\\\].*"))
                    .filter(p -> TEXT.stream().anyMatch(e -> p.getFileName().toString().endsWith(e)))
                    .filter(p -> !p.getFileName().toString().equals("SelfContainedDocsTest.java"))
                    .toList();
        }
    }

    @Test
    void nothingRefersToADocumentOutsideTheRepository() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path f : files()) {
            String text = Files.readString(f, StandardCharsets.ISO_8859_1);
            Matcher m = OUTSIDE.matcher(text);
            while (m.find()) {
                found.add(ROOT.relativize(f) + ": " + m.group());
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void everyRelativeLinkInTheDocsResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path f : files()) {
            if (!f.toString().endsWith(".md")) {
                continue;
            }
            Matcher m = LINK.matcher(Files.readString(f, StandardCharsets.UTF_8));
            while (m.find()) {
                if (!Files.exists(f.getParent().resolve(m.group(1)))) {
                    broken.add(ROOT.relativize(f) + " -> " + m.group(1));
                }
            }
        }
        assertEquals(List.of(), broken);
    }
}
