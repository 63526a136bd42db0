package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpulab.engine.output.OutputKind;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The marks of a scenario file gpulab wrote (docs/scenario-format.md, "Files gpulab writes"): {@code
 * metadata.generator} near the top says which command wrote it, and the key {@code end: true} is written last. A
 * file with the first and without the second was cut short (a writer killed, a full disk, a partial copy), and the
 * reader refuses it: a cut replay would otherwise run the steps it has and pass.
 */
public final class GeneratedScenario {

    /** The top-level key gpulab writes last. */
    public static final String END = "end";
    /** The {@code metadata} key naming the command that wrote the file. */
    public static final String GENERATOR = "generator";
    /** Files the scenario writers replace without {@code --force} (their {@code metadata.generator}). */
    public static final OutputKind KIND = OutputKind.of("scenario", "generator: gpulab", "\"generator\" : \"gpulab",
            "\"generator\":\"gpulab");

    private GeneratedScenario() {
    }

    /**
     * {@code doc} with {@code metadata.generator} set (after name and description) and {@code end: true} as its
     * last key.
     *
     * @param generator e.g. {@code gpulab 0.1.0 import openb}; must start with {@code gpulab}
     */
    public static ObjectNode mark(ObjectNode doc, String generator) {
        requireGpulab(generator);
        ObjectNode meta = doc.has("metadata") && doc.get("metadata").isObject() ? (ObjectNode) doc.get("metadata")
                : doc.putObject("metadata");
        meta.remove(GENERATOR);
        meta.put(GENERATOR, generator);
        doc.remove(END);
        doc.put(END, true);
        return doc;
    }

    /** As {@link #mark(ObjectNode, String)} for a document built as maps; returns a new map. */
    public static Map<String, Object> mark(Map<String, Object> doc, String generator) {
        requireGpulab(generator);
        Map<String, Object> out = new LinkedHashMap<>();
        doc.forEach((k, v) -> {
            if (k.equals("metadata") && v instanceof Map<?, ?> m) {
                Map<Object, Object> meta = new LinkedHashMap<>(m);
                meta.remove(GENERATOR);
                meta.put(GENERATOR, generator);
                out.put(k, meta);
            } else if (!k.equals(END)) {
                out.put(k, v);
            }
        });
        out.put(END, true);
        return out;
    }

    private static void requireGpulab(String generator) {
        if (!generator.startsWith("gpulab ") || generator.contains(":") || generator.contains("\n")) {
            throw new IllegalArgumentException("a generator starts with 'gpulab ' and has no colon: " + generator);
        }
    }

    /**
     * Refuses a document gpulab wrote that lacks its end marker, and an {@code end} other than {@code true}.
     *
     * @throws ScenarioException naming the file and its last line
     */
    static void checkWhole(LocatedTree tree) {
        if (!(tree.root() instanceof Map<?, ?> root)) {
            return;
        }
        if (root.containsKey(END)) {
            if (!Boolean.TRUE.equals(root.get(END))) {
                throw new ScenarioException(tree.file(), tree.lineOf(END), END, "must be true (the end marker gpulab "
                        + "writes last), got " + ScenarioNode.describe(root.get(END)));
            }
            return;
        }
        Object meta = root.get("metadata");
        if (meta instanceof Map<?, ?> m && m.get(GENERATOR) != null) {
            throw new ScenarioException(tree.file(), tree.lastLine(), "", "the file is cut short: metadata.generator ("
                    + Quote.clip(String.valueOf(m.get(GENERATOR))) + ") says gpulab wrote it, and gpulab ends every "
                    + "file it writes with 'end: true', which is missing (a writer was killed, the disk was full, or "
                    + "the copy is partial); write it again. After an edit by hand, keep 'end: true' as the last line "
                    + "or remove metadata.generator");
        }
    }
}
