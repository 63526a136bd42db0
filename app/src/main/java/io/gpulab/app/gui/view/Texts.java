package io.gpulab.app.gui.view;

import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/**
 * Labels for text that may not fit: one line, cut with an ellipsis at the end (never wrapped in the
 * middle of a word), the full text on hover.
 */
public final class Texts {

    /**
     * Key in a label's properties: its full text is its tooltip (made on first hover). The real-window
     * tests accept such a label cut.
     */
    public static final String FULL_TEXT_ON_HOVER = "gpulab.fullTextOnHover";

    private Texts() {
    }

    /** A one-line label that ellipsizes and shows its full text as a tooltip. */
    public static Label clipped(String text, String... styleClasses) {
        Label l = new Label(text);
        l.getStyleClass().addAll(styleClasses);
        clip(l);
        return l;
    }

    /** Makes {@code l} one line, shrinkable to nothing, ellipsized, with its (current) text as tooltip. */
    public static Label clip(Label l) {
        l.setWrapText(false);
        l.setMinWidth(0);
        l.setTextOverrun(OverrunStyle.ELLIPSIS);
        l.getProperties().put(FULL_TEXT_ON_HOVER, Boolean.TRUE);
        // the tooltip is made on first hover: canvases rebuild hundreds of these labels per lab change
        l.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_ENTERED, e -> {
            if (l.getTooltip() == null) {
                Tooltip tip = new Tooltip();
                tip.textProperty().bind(l.textProperty());
                tip.setShowDelay(Duration.millis(300));
                tip.setWrapText(true);
                tip.setMaxWidth(640);
                l.setTooltip(tip);
            }
        });
        return l;
    }
}
