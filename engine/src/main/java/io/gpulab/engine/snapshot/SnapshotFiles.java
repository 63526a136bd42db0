package io.gpulab.engine.snapshot;

import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.GeneratedScenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the workbench's File → Open snapshot opens: a scenario written by {@code gpulab import snapshot} as it is,
 * or raw {@code kubectl get ... -o yaml} dumps imported on the spot, one tenant per file named after the file.
 */
public final class SnapshotFiles {

    private SnapshotFiles() {
    }

    /**
     * The scenario file to open for {@code files}; dumps are imported into a new file in {@code workDir}.
     *
     * @param skipped receives what the import left out, one line each
     * @throws IOException for an unreadable file
     */
    public static Path scenarioFor(List<Path> files, Path workDir, List<String> skipped) throws IOException {
        if (files.size() == 1 && isScenario(files.get(0))) {
            return files.get(0);
        }
        ImportMemory.check(files, Runtime.getRuntime().maxMemory());
        Map<String, Dump> dumps = new LinkedHashMap<>();
        for (Path f : files) {
            dumps.put(tenantName(f, dumps.size()), DumpReader.read(f));
        }
        SnapshotImporter.Result r = SnapshotImporter.toScenario("snapshot", dumps, null);
        skipped.addAll(r.skipped());
        Path out = workDir.resolve("snapshot-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".yaml");
        Map<String, Object> doc = GeneratedScenario.mark(r.scenario(), "gpulab workbench open-snapshot");
        OutputFile.write(out, GeneratedScenario.KIND, false, o -> ScenarioYaml.write(doc, o));
        return out;
    }

    /** Whether the file is a gpulab scenario rather than a kubectl dump. */
    static boolean isScenario(Path f) throws IOException {
        io.gpulab.engine.scenario.InputFile.requireRegular(f, "a snapshot", DumpLimits.MAX_DUMP_BYTES);
        String head;
        try (var in = Files.newInputStream(f)) {
            // the first 40 lines, read no further: a dump may be hundreds of MB
            head = new String(in.readNBytes(64 * 1024), java.nio.charset.StandardCharsets.UTF_8).lines().limit(40)
                    .reduce("", (a, b) -> a + "\n" + b);
        }
        return head.contains("kind: Scenario") || head.contains("\"kind\":\"Scenario\"")
                || head.contains("\"kind\": \"Scenario\"");
    }

    /** A DNS label from the file name ({@code tenant-a.yaml} → {@code tenant-a}), else {@code tenant-N}. */
    static String tenantName(Path f, int index) {
        String base = String.valueOf(f.getFileName()).replaceFirst("\\.(ya?ml|json)$", "").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9-]", "-").replaceAll("^-+|-+$", "");
        return base.isEmpty() || base.length() > 63 ? "tenant-" + (index + 1) : base;
    }
}
