package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.LabSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.jspecify.annotations.Nullable;

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
        return head(pathOrName).steps();
    }

    /**
     * As {@link #load}, in two parts: the document and its lab are read and checked here, its steps by
     * {@link Head#steps()}, which a caller may run on another thread while it builds the lab.
     *
     * @throws ScenarioException when neither exists, or the document or its lab is invalid
     */
    public Head head(String pathOrName) {
        Path p = Path.of(pathOrName);
        if (Files.isRegularFile(p)) {
            String name = p.toString();
            return head(name, LocatedTree.of(name, SourceText.read(p), name.endsWith(".json")));
        }
        InputStream builtin = BuiltinScenarios.open(pathOrName);
        if (builtin == null && Files.exists(p)) {
            SourceText.read(p);   // a directory, FIFO or device: refused as such, not "no such file"
        }
        if (builtin == null) {
            throw new ScenarioException(pathOrName, 0, "", "no such file, and not a built-in scenario (built-in: "
                    + String.join(", ", BuiltinScenarios.names()) + ")");
        }
        try (Reader r = new InputStreamReader(builtin, StandardCharsets.UTF_8)) {
            String name = pathOrName + ".yaml";
            return head(name, LocatedTree.read(name, r, false));
        } catch (IOException e) {
            throw new ScenarioException(pathOrName, 0, "", "cannot read built-in scenario: " + e.getMessage());
        }
    }

    /** Reads a file; {@code .json} files as JSON, everything else as YAML. */
    public Scenario read(Path file) {
        String name = file.toString();
        return head(name, LocatedTree.of(name, SourceText.read(file), name.endsWith(".json"))).steps();
    }

    /** Reads a document; {@code fileName} is only used in messages. */
    public Scenario read(String fileName, Reader in, boolean json) {
        return head(fileName, LocatedTree.read(fileName, in, json)).steps();
    }

    /** A document whose lab is read and valid, and whose steps are still to be read. */
    public static final class Head {
        private final String fileName;
        private final LabSpec lab;
        private final @Nullable ScenarioNode steps;

        private Head(String fileName, LabSpec lab, @Nullable ScenarioNode steps) {
            this.fileName = fileName;
            this.lab = lab;
            this.steps = steps;
        }

        public LabSpec lab() {
            return lab;
        }

        /**
         * Reads and checks the steps: the whole scenario, valid.
         *
         * @throws ScenarioException naming file, line and field of the first invalid step
         */
        public Scenario steps() {
            return new Scenario(fileName, lab, steps == null ? List.of() : new StepReader(lab).read(steps));
        }
    }

    private Head head(String fileName, LocatedTree tree) {
        if (!(tree.root() instanceof java.util.Map<?, ?>)) {
            // e.g. `gpulab run /etc/passwd`: say what the file is not, quoting only its start
            throw new ScenarioException(fileName, 1, "", "not a gpulab scenario: expected a mapping that starts with "
                    + "apiVersion: " + API_VERSION + ", got " + ScenarioNode.describe(tree.root()));
        }
        GeneratedScenario.checkWhole(tree);
        ScenarioNode root = ScenarioNode.root(tree).object("apiVersion", "kind", "metadata", "lab", "steps",
                GeneratedScenario.END);
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
        return new Head(fileName, lab, root.has("steps") ? root.get("steps") : null);
    }
}
