package io.gpulab.app.gui.view;

import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.util.Duration;

/**
 * Text that wraps at spaces and never inside a word. JavaFX breaks a word that is wider than the line
 * wherever it runs out of room ("CardInsufficientMemo ry"); here such a word is cut at the end with "…"
 * instead, and the full text shows on hover. Set the text with {@link #setFullText}. A label made
 * {@link #breakingPaths} breaks such a word after a path's separators ("/", ":", "-", "."), line by
 * line, so a key or path reads whole; only a piece with no separator left is cut.
 */
public final class WordWrapLabel extends Label {

    /** Measures words in the label's font (FX thread only, like every node). */
    private static final Text MEASURE = new Text();

    private String full;
    private double shownFor = -1;
    private boolean breakPaths;

    public WordWrapLabel(String text, String... styleClasses) {
        super(text);
        this.full = text;
        getStyleClass().addAll(styleClasses);
        setWrapText(true);
        setMinWidth(0);
        setMaxWidth(Double.MAX_VALUE);
        widthProperty().addListener((o, a, b) -> fit());
        fontProperty().addListener((o, a, b) -> {
            shownFor = -1;
            fit();
        });
        // the tooltip is made on first hover, and only says something when a word was cut
        addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (getTooltip() == null && !getText().equals(full)) {
                Tooltip tip = new Tooltip(full);
                tip.setShowDelay(Duration.millis(300));
                tip.setWrapText(true);
                tip.setMaxWidth(640);
                setTooltip(tip);
            }
        });
    }

    /** Shows {@code text}, wrapped at spaces, long words cut to the label's width. */
    public void setFullText(String text) {
        full = text;
        shownFor = -1;
        setTooltip(null);
        setText(text);
        fit();
    }

    /** A long word is broken after its separators onto the next line instead of cut. */
    public WordWrapLabel breakingPaths() {
        breakPaths = true;
        shownFor = -1;
        fit();
        return this;
    }

    public String getFullText() {
        return full;
    }

    private void fit() {
        double room = getWidth() - snappedLeftInset() - snappedRightInset();
        if (room <= 0 || room == shownFor) {
            return;
        }
        shownFor = room;
        setText(fitWords(full, getFont(), room, breakPaths));
    }

    /** {@code text} with every word wider than {@code room} cut to fit, ending in "…"; spacing kept. */
    static String fitWords(String text, Font font, double room) {
        return fitWords(text, font, room, false);
    }

    /** As {@link #fitWords(String, Font, double)}; with {@code breakPaths} a long word is first broken after separators. */
    static String fitWords(String text, Font font, double room, boolean breakPaths) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int j = i;
            while (j < text.length() && !Character.isWhitespace(text.charAt(j))) {
                j++;
            }
            String word = text.substring(i, j);
            out.append(breakPaths ? breakAtSeparators(word, font, room) : fit(word, font, room));
            int k = j;
            while (k < text.length() && Character.isWhitespace(text.charAt(k))) {
                k++;
            }
            out.append(text, j, k);
            i = k;
        }
        return out.toString();
    }

    /** {@code word} in lines of at most {@code room}, each ending after a separator; a piece still too wide is cut. */
    private static String breakAtSeparators(String word, Font font, double room) {
        if (width(word, font) <= room) {
            return word;
        }
        StringBuilder out = new StringBuilder(word.length() + 8);
        String line = "";
        int start = 0;
        for (int i = 0; i < word.length(); i++) {
            boolean end = i == word.length() - 1;
            if (!end && "/:-.".indexOf(word.charAt(i)) < 0) {
                continue;
            }
            String piece = word.substring(start, i + 1);
            start = i + 1;
            if (!line.isEmpty() && width(line + piece, font) > room) {
                out.append(fit(line, font, room)).append('\n');
                line = "";
            }
            line += piece;
        }
        return out.append(fit(line, font, room)).toString();
    }

    private static String fit(String word, Font font, double room) {
        if (word.isEmpty() || width(word, font) <= room) {
            return word;
        }
        int lo = 0;
        int hi = word.length();
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (width(word.substring(0, mid) + "…", font) <= room) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return word.substring(0, lo) + "…";
    }

    private static double width(String s, Font font) {
        MEASURE.setFont(font);
        MEASURE.setText(s);
        // a hair of slack: the label lays text out with the same metrics, rounded to pixels
        return Math.ceil(MEASURE.getLayoutBounds().getWidth()) + 1;
    }
}
