package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.LabSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads scenario files (docs/scenario-format.md), YAML or JSON, from a path or by built-in name.
 * Everything is validated before a {@link Scenario} is returned; any problem is a
 * {@link ScenarioException} naming file, line and field.
 */
public final class ScenarioReader {

    /** The document kind and version this reader accepts. */
    public static final String API_VERSION = "gpulab.io/v1";

    private final CardCatalog catalog;

    /** A reader that checks card models against the built-in mock-gpu catalog. */
    public ScenarioReader() {
        this(CardCatalog.builtIn());
    }

    /** A reader that checks card models against {@code catalog}. */
    public ScenarioReader(CardCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * A path when such a file exists, else a built-in scenario name ({@code article}, ...).
     *
     * @throws ScenarioException when neither exists or the scenario is invalid
     */
    public Scenario load(String pathOrName) {
        Path p = Path.of(pathOrName);
        if (Files.isRegularFile(p)) {
            return read(p);
        }
        InputStream builtin = BuiltinScenarios.open(pathOrName);
        if (builtin == null) {
            throw new ScenarioException(pathOrName, 0, "", "no such file, and not a built-in scenario (built-in: "
                    + String.join(", ", BuiltinScenarios.names()) + ")");
        }
        try (Reader r = new InputStreamReader(builtin, StandardCharsets.UTF_8)) {
            return read(pathOrName + ".yaml", r, false);
        } catch (IOException e) {
            throw new ScenarioException(pathOrName, 0, "", "cannot read built-in scenario: " + e.getMessage());
        }
    }

    /** Reads a file; {@code .json} files as JSON, everything else as YAML. */
    public Scenario read(Path file) {
        String name = file.toString();
        return read(name, LocatedTree.of(name, SourceText.read(file), name.endsWith(".json")));
    }

    /** Reads a document; {@code fileName} is only used in messages. */
    public Scenario read(String fileName, Reader in, boolean json) {
        return read(fileName, LocatedTree.read(fileName, in, json));
    }

    private Scenario read(String fileName, LocatedTree tree) {
        if (!(tree.root() instanceof java.util.Map<?, ?>)) {
            // e.g. `gpulab run /etc/passwd`: say what the file is not, quoting only its start
            throw new ScenarioException(fileName, 1, "", "not a gpulab scenario: expected a mapping that starts with "
                    + "apiVersion: " + API_VERSION + ", got " + ScenarioNode.describe(tree.root()));
        }
        ScenarioNode root = ScenarioNode.root(tree).object("apiVersion", "kind", "metadata", "lab", "steps");
        String apiVersion = root.get("apiVersion").text();
        if (!API_VERSION.equals(apiVersion)) {
            throw root.get("apiVersion").error("expected " + API_VERSION + ", got '" + apiVersion + "'");
        }
        String kind = root.get("kind").text();
        if (!"Scenario".equals(kind)) {
            throw root.get("kind").error("expected Scenario, got '" + kind + "'");
        }
        LabSpec lab = new LabReader(catalog).read(root.get("metadata"), root.get("lab"));
        if (tree.root() instanceof java.util.Map<?, ?> m && m.containsKey("steps") && m.get("steps") == null) {
            // `steps:` with nothing after it ran no step and passed: say so instead
            throw new ScenarioException(fileName, tree.lineOf("steps"), "steps", "is empty (null): give a list of "
                    + "steps, or leave the key out for a lab without steps");
        }
        List<Step> steps = root.has("steps") ? new StepReader(lab).read(root.get("steps")) : List.of();
        return new Scenario(fileName, lab, steps);
    }
}
