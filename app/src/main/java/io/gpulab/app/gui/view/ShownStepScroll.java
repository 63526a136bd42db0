package io.gpulab.app.gui.view;

import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;

/**
 * Keeps the step the walkthrough panel shows in the panel's view: scrolled to when it changes (another step, its
 * progress, a line about the lab shown or gone, what it compares), never merely because the clock ticked, so a trainee
 * who scrolled away to read stays there; and again when the panel's size or type changes.
 */
final class ShownStepScroll {

    private final ScrollPane scroll;
    private final VBox steps;
    private final WalkthroughViewModel wvm;
    /** What the step shown looked like when it was last scrolled into view: step, progress, lines about the lab. */
    private String scrolledTo = "";
    /** What the step shown compared (its inspect rows) when they were last scrolled into view. */
    private String scrolledToCompare = "";

    ShownStepScroll(ScrollPane scroll, VBox steps, WalkthroughViewModel wvm) {
        this.scroll = scroll;
        this.steps = steps;
        this.wvm = wvm;
        // a new size or type (presentation mode's larger type, a resized window) moves the step shown: in presentation
        // mode at 1024x768 its action fell below the fold; it is brought back into view (a wheel turn changes neither)
        scroll.viewportBoundsProperty().addListener((o, a, b) -> {
            if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
                bringShownIntoView();
            }
        });
    }

    /** Another walkthrough is shown: its step is scrolled to whatever it looked like before. */
    void forget() {
        scrolledTo = "";
    }

    /**
     * The steps were built again with {@code target} the step shown ({@code at} the one worked on, {@code compared}
     * what its inspect rows say): scrolls to it, or to what it compares, when that changed.
     */
    void rebuilt(Node target, int viewed, int at, boolean here, String compared) {
        String shape = viewed + "/" + at + "/" + ((VBox) target).getChildren().size();
        // what the step asks to compare, shown for the tenant just clicked: below the fold at 1280x720, so it is
        // brought into view when it changes (the step's own top stays in view when it did not)
        Node compare = target.lookup("#wt-inspect");
        String rows = compare == null ? "" : compared;
        if (!shape.equals(scrolledTo) && here) {
            scrolledTo = shape;
            scrolledToCompare = rows;
            Platform.runLater(() -> scrollIntoView(target));
        } else if (compare != null && here && !rows.equals(scrolledToCompare)) {
            scrolledToCompare = rows;
            Platform.runLater(() -> scrollIntoView(compare));
        }
    }

    private void bringShownIntoView() {
        int viewed = wvm.viewedProperty().get();
        if (wvm.onItsLabProperty().get() && viewed >= 0 && viewed < steps.getChildren().size()) {
            Node target = steps.getChildren().get(viewed);
            Platform.runLater(() -> scrollIntoView(target));
        }
    }

    /** Scrolls the steps so the whole node (a step, its inspect rows) is in view, or its top when taller than the view. */
    private void scrollIntoView(Node target) {
        ScrollPane pane = scroll;
        // the steps were just rebuilt: lay them out before measuring where the one to show is
        pane.applyCss();
        if (pane.getContent() instanceof javafx.scene.Parent content) {
            content.applyCss();
            content.layout();
        }
        pane.layout();
        Bounds content = pane.getContent().getLayoutBounds();
        double minY = offset(target);
        double maxY = minY + target.getBoundsInParent().getHeight();
        // what must be read of a step: what to do and what will then be seen
        Node must = target.lookup("#wt-then") != null ? target.lookup("#wt-then") : target.lookup("#wt-action");
        double need = must == null ? maxY : offset(must) + must.getBoundsInParent().getHeight();
        double view = pane.getViewportBounds().getHeight();
        double range = content.getHeight() - view;
        if (range <= 0) {
            return;
        }
        double top = range * (pane.getVvalue() - pane.getVmin()) / (pane.getVmax() - pane.getVmin());
        double y = top;
        if (minY < top) {
            y = minY;
        } else if (maxY > top + view) {
            y = Math.min(minY, maxY - view);
        }
        // a step taller than the view (presentation mode's type at 1024x768) shows its top, unless that leaves its
        // action below the fold: then the action and what follows it are in view, the text above a wheel turn away
        if (need > y + view) {
            y = need - view;
        }
        pane.setVvalue(pane.getVmin() + (pane.getVmax() - pane.getVmin()) * Math.max(0, Math.min(1, y / range)));
    }

    /** Where {@code node} is in the panel, from layout positions (no scene transform that a scroll has yet to update). */
    private double offset(Node node) {
        double y = 0;
        for (Node n = node; n != null && n != scroll.getContent(); n = n.getParent()) {
            y += n.getBoundsInParent().getMinY();
        }
        return y;
    }
}
