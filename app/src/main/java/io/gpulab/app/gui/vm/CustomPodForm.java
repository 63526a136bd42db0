package io.gpulab.app.gui.vm;

import java.util.Optional;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The palette's custom pod editor: three text fields validated as the user types. The error names
 * the field and the allowed range, so the drag source can stay disabled while it is set.
 */
public final class CustomPodForm {

    private final StringProperty gpus = new SimpleStringProperty("1");
    private final StringProperty memMB = new SimpleStringProperty("8000");
    private final StringProperty cores = new SimpleStringProperty("20");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");

    public CustomPodForm() {
        gpus.addListener((o, a, b) -> validate());
        memMB.addListener((o, a, b) -> validate());
        cores.addListener((o, a, b) -> validate());
    }

    public StringProperty gpusProperty() {
        return gpus;
    }

    public StringProperty memMBProperty() {
        return memMB;
    }

    public StringProperty coresProperty() {
        return cores;
    }

    /** Empty when the form is valid, else what is wrong. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The template the form describes, or empty (and {@link #errorProperty()} set) when invalid. */
    public Optional<PodTemplate> template() {
        validate();
        if (!error.get().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new PodTemplate("custom", "Custom", parse(gpus.get()), parse(memMB.get()), 0,
                parse(cores.get())));
    }

    private void validate() {
        error.set(firstError());
    }

    private String firstError() {
        String e = check("GPUs", gpus.get(), 1, 16);
        if (e.isEmpty()) {
            e = check("memory (MB)", memMB.get(), 0, 1_000_000);
        }
        if (e.isEmpty()) {
            e = check("compute (%)", cores.get(), 0, 100);
        }
        return e;
    }

    private static String check(String field, String text, int min, int max) {
        String t = text == null ? "" : text.strip().replace(",", "");
        if (!t.matches("\\d{1,9}")) {
            return field + ": enter a whole number";
        }
        int v = Integer.parseInt(t);
        if (v < min || v > max) {
            return field + ": must be between " + min + " and " + Formats.mb(max);
        }
        return "";
    }

    private static int parse(String text) {
        return Integer.parseInt(text.strip().replace(",", ""));
    }
}
