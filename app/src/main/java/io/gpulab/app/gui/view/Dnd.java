package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.PodTemplate;
import java.util.Optional;
import javafx.scene.input.DataFormat;
import javafx.scene.input.Dragboard;

/** The drag-board format of palette templates, and how a drop is read back. */
public final class Dnd {

    /** A palette template id, or {@code custom:GPUS:MEM:CORES}. */
    public static final DataFormat TEMPLATE = format("application/x-gpulab-pod-template");

    private Dnd() {
    }

    private static DataFormat format(String mime) {
        DataFormat existing = DataFormat.lookupMimeType(mime);
        return existing != null ? existing : new DataFormat(mime);
    }

    /** What goes on the drag board for a template. */
    public static String encode(PodTemplate t) {
        return "custom".equals(t.id()) ? "custom:" + t.gpus() + ":" + t.memMB() + ":" + t.cores() : t.id();
    }

    /** The template on the drag board, if any. */
    public static Optional<PodTemplate> template(Dragboard board) {
        if (!board.hasContent(TEMPLATE)) {
            return Optional.empty();
        }
        return decode(String.valueOf(board.getContent(TEMPLATE)));
    }

    static Optional<PodTemplate> decode(String text) {
        if (text.startsWith("custom:")) {
            String[] p = text.split(":");
            if (p.length == 4) {
                return Optional.of(new PodTemplate("custom", "Custom", Integer.parseInt(p[1]),
                        Integer.parseInt(p[2]), 0, Integer.parseInt(p[3])));
            }
            return Optional.empty();
        }
        return PodTemplate.builtIns().stream().filter(t -> t.id().equals(text)).findFirst();
    }

    /** Whether a drop carries something a tenant accepts: a template, YAML files, or Pod YAML text. */
    public static boolean acceptable(Dragboard board) {
        return board.hasContent(TEMPLATE) || board.hasFiles()
                || board.hasString() && board.getString().contains("kind: Pod");
    }
}
