package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.CustomPodForm;
import io.gpulab.app.gui.vm.PodTemplate;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The pod palette: drag sources for the built-in templates and for the validated custom editor. */
public final class PaletteView extends VBox {

    private final CustomPodForm form = new CustomPodForm();
    private final TextField gpus = new TextField();
    private final TextField mem = new TextField();
    private final TextField cores = new TextField();
    private final Label error = new Label();
    private final HBox customSource;

    public PaletteView() {
        super(8);
        getStyleClass().add("palette");
        setId("palette");
        customSource = source(new PodTemplate("custom", "Custom pod", 1, 0, 0, 0), "drag the custom pod");
        layoutParts();
        setupBindings();
        setupEventHandlers();
    }

    private void layoutParts() {
        Label title = new Label("POD PALETTE");
        title.getStyleClass().add("section-title");
        Label hint = new WordWrapLabel("Drag onto a tenant (HAMi picks the card) or onto a card (pins it with "
                + PodTemplate.UUID_ANNOTATION + "). Ctrl+V pastes Pod YAML.");
        hint.getStyleClass().add("hint");
        getChildren().addAll(title, hint);
        for (PodTemplate t : PodTemplate.builtIns()) {
            getChildren().add(source(t, t.requestLabel()));
        }
        Label custom = new Label("CUSTOM POD");
        custom.getStyleClass().add("section-title");
        GridPane grid = new GridPane();
        grid.getStyleClass().add("custom-grid");
        gpus.setId("custom-gpus");
        mem.setId("custom-mem");
        cores.setId("custom-cores");
        grid.addRow(0, fieldName("GPUs"), gpus);
        grid.addRow(1, fieldName("Memory MB"), mem);
        grid.addRow(2, fieldName("Compute %"), cores);
        for (TextField f : List.of(gpus, mem, cores)) {
            f.setMinWidth(40);
            f.setPrefColumnCount(5);
        }
        GridPane.setHgrow(mem, Priority.ALWAYS);
        error.getStyleClass().add("error-text");
        error.setWrapText(true);
        error.setId("custom-error");
        getChildren().addAll(custom, grid, error, customSource);
    }

    private void setupBindings() {
        gpus.textProperty().bindBidirectional(form.gpusProperty());
        mem.textProperty().bindBidirectional(form.memMBProperty());
        cores.textProperty().bindBidirectional(form.coresProperty());
        error.textProperty().bind(form.errorProperty());
        customSource.disableProperty().bind(form.errorProperty().isNotEmpty());
        error.visibleProperty().bind(form.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
    }

    private void setupEventHandlers() {
        customSource.setOnDragDetected(e -> form.template().ifPresent(t -> {
            Dragboard board = customSource.startDragAndDrop(TransferMode.COPY);
            ClipboardContent c = new ClipboardContent();
            c.put(Dnd.TEMPLATE, Dnd.encode(t));
            board.setContent(c);
            e.consume();
        }));
        form.errorProperty().addListener((o, a, b) -> updateCustomLabel());
        form.gpusProperty().addListener((o, a, b) -> updateCustomLabel());
        form.memMBProperty().addListener((o, a, b) -> updateCustomLabel());
        form.coresProperty().addListener((o, a, b) -> updateCustomLabel());
        updateCustomLabel();
    }

    private void updateCustomLabel() {
        if (customSource.lookup(".palette-sub") instanceof WordWrapLabel sub) {
            sub.setFullText(form.template().map(PodTemplate::requestLabel).orElse("fix the fields above"));
        }
    }

    private static Label fieldName(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private HBox source(PodTemplate t, String sub) {
        Label name = new Label(t.label());
        name.getStyleClass().add("palette-name");
        // the request wraps on a narrow palette (1024 and 1280 px windows) instead of ending in "..."
        Label s = new WordWrapLabel(sub, "palette-sub");
        VBox text = new VBox(1, name, s);
        text.setMinWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox box = new HBox(8, Icons.icon(Icons.GRIP, 14, "grip"), text);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().addAll("palette-item", "tpl-" + t.id());
        box.setId("palette-" + t.id());
        if (!"custom".equals(t.id())) {
            box.setOnDragDetected(e -> {
                Dragboard board = box.startDragAndDrop(TransferMode.COPY);
                ClipboardContent c = new ClipboardContent();
                c.put(Dnd.TEMPLATE, Dnd.encode(t));
                board.setContent(c);
                e.consume();
            });
        }
        return box;
    }
}
