package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.cli.CliRunner;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.export.PngExporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A PNG's caption names the scenario file its lab is reproduced from by its full SHA-256: the one {@code sha256sum}
 * prints for the file File → Save scenario (the GUI) or {@code --scenario-out} (the CLI) writes, and for a whole
 * scenario played on its own lab, the scenario file itself.
 */
@ExtendWith(ApplicationExtension.class)
class CaptionHashTest {

    private static final Pattern HASH = Pattern.compile("scenario file sha256 ([0-9a-f]{64})\\b");

    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        // a toolkit that runs: the CLI's screenshot renders on it and leaves it up
        workbench = FxTestSupport.show(stage);
    }

    /** {@code sha256sum FILE}, computed here without gpulab's code. */
    private static String sha256sum(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static String captionHash(Path png) throws Exception {
        String caption = PngExporter.description(png);
        assertTrue(caption != null, png + " carries its caption");
        Matcher m = HASH.matcher(caption);
        assertTrue(m.find(), "a full SHA-256 in the caption: " + caption);
        return m.group(1);
    }

    @Test
    void theWorkbenchsPictureNamesTheFileFileSaveWrites(FxRobot robot) throws Exception {
        Path window = dir.resolve("window.png");
        Path slide = dir.resolve("slide.png");
        Path saved = dir.resolve("saved.yaml");
        FxTestSupport.onFx(robot, () -> {
            // Next step once, then an action of the user's own: a history that is not the scenario file
            workbench.viewModel().playback().playNextScenarioStep();
            workbench.viewModel().advance(Duration.ofSeconds(30));
            workbench.view().actions().exportPngTo(true, 1, window);
            workbench.view().actions().exportSlideTo(1, slide);
            workbench.viewModel().files().save(saved);
        });
        String expected = sha256sum(saved);
        assertEquals(expected, captionHash(window), "the window's caption names the saved file");
        assertEquals(expected, captionHash(slide), "the slide's caption names the saved file");
        assertTrue(PngExporter.description(window).contains("after 1 of article's 5 steps and 1 action"),
                PngExporter.description(window));
    }

    @Test
    void theCommandLinesPictureNamesTheScenarioFileItPlayedOrTheHistoryItWrites() throws Exception {
        Path file = dir.resolve("mine.yaml");
        Files.writeString(file, io.gpulab.engine.scenario.BuiltinScenarios.source("article")
                + "\n# a reviewer's copy, one comment longer than the built-in\n");
        Path whole = dir.resolve("whole.png");
        CliRunner.Result all = CliRunner.run("screenshot", file.toString(), "--out", whole.toString(),
                "--size", "1024x768");
        assertEquals(0, all.exit(), all.err());
        assertEquals(sha256sum(file), captionHash(whole), "every step played: the scenario file itself");

        Path one = dir.resolve("one.png");
        Path history = dir.resolve("history.yaml");
        CliRunner.Result r = CliRunner.run("screenshot", file.toString(), "--steps", "1", "--view", "slide", "--out", one.toString(), "--scenario-out", history.toString(),
                "--size", "1280x720");
        assertEquals(0, r.exit(), r.err());
        String hash = captionHash(one);
        assertEquals(sha256sum(history), hash, "the caption names the file --scenario-out wrote");
        assertTrue(!hash.equals(sha256sum(file)), "after 1 step the history is not the whole file");
        assertTrue(r.out().contains(hash), r.out());
        // gpulab run of that file rebuilds the lab the picture shows
        CliRunner.Result run = CliRunner.run("run", history.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
    }
}
