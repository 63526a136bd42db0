package io.gpulab.app.gui.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gpulab.app.GpulabVersion;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.output.OutputKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import org.jspecify.annotations.Nullable;

/**
 * Where the workbench drew each lab object, in window coordinates: every tenant, worker, card, pod chip
 * and pending chip, with {@code visible} true when the object is shown whole without scrolling (inside
 * the window and inside every scroll viewport around it). For tests and layout checks; docs/workbench.md
 * describes the format. Must run on the FX thread after layout.
 */
public final class LayoutReport {

    /** One drawn object. {@code fill} (workers only) is the share of the worker box its cards cover. */
    public record Item(String kind, String tenant, String name, double x, double y, double width, double height,
                       boolean visible, @Nullable Double fill) { }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LayoutReport() {
    }

    /** Every lab object drawn in {@code scene}, in drawing order. */
    public static List<Item> collect(Scene scene) {
        // a width change re-renders the canvas during layout: settle before measuring
        for (int i = 0; i < 3; i++) {
            scene.getRoot().applyCss();
            scene.getRoot().layout();
        }
        List<Item> out = new ArrayList<>();
        walk(scene.getRoot(), scene, "", out);
        return out;
    }

    private static void walk(Node n, Scene scene, String tenant, List<Item> out) {
        if (!n.isVisible()) {
            return;
        }
        String id = n.getId() == null ? "" : n.getId();
        var classes = n.getStyleClass();
        String here = tenant;
        if (classes.contains("tenant-panel") && id.startsWith("tenant-")) {
            here = id.substring("tenant-".length());
            out.add(item("tenant", here, here, n, scene, null));
        } else if (classes.contains("worker-box") && id.startsWith("node-")) {
            out.add(item("worker", here, id.substring("node-".length()), n, scene, fill(n)));
        } else if (classes.contains("card-tile") && id.startsWith("card-")) {
            out.add(item("card", here, id.substring("card-".length()), n, scene, null));
        } else if (classes.contains("pod-chip") && id.startsWith("pod-")) {
            out.add(item(classes.contains("pending") ? "pending" : "pod", here, id.substring("pod-".length()), n,
                    scene, null));
        }
        if (n instanceof Parent p) {
            String t = here;
            // a tenant's pods may be drawn outside its panel (the pinned pending summary): it names its tenant
            Object owner = n.getProperties().get("gpulab.tenant");
            if (owner instanceof String s) {
                t = s;
            }
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, scene, t, out);
            }
        }
    }

    private static Item item(String kind, String tenant, String name, Node n, Scene scene, @Nullable Double fill) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        return new Item(kind, tenant, name, round(b.getMinX()), round(b.getMinY()), round(b.getWidth()),
                round(b.getHeight()), visible(n, b, scene), fill);
    }

    /** Inside the window and inside the viewport of every scroll pane that holds it. */
    static boolean visible(Node n, Bounds b, Scene scene) {
        if (b.getWidth() <= 0 || b.getHeight() <= 0
                || !contains(new BoundingBox(0, 0, scene.getWidth(), scene.getHeight()), b)) {
            return false;
        }
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
            if (p instanceof ScrollPane sp) {
                Bounds port = sp.getViewportBounds();
                Node content = sp.getContent();
                if (content == null || content.getParent() == null) {
                    continue;
                }
                // the viewport's rectangle, in the coordinates of the content's parent (the clipped view)
                Bounds inScene = content.getParent().localToScene(new BoundingBox(0, 0, port.getWidth(),
                        port.getHeight()));
                if (!contains(inScene, b)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean contains(Bounds outer, Bounds inner) {
        double e = 0.5;
        return inner.getMinX() >= outer.getMinX() - e && inner.getMinY() >= outer.getMinY() - e
                && inner.getMaxX() <= outer.getMaxX() + e && inner.getMaxY() <= outer.getMaxY() + e;
    }

    /** Share of a worker box covered by its card tiles. */
    private static double fill(Node worker) {
        Bounds box = worker.getLayoutBounds();
        double area = box.getWidth() * box.getHeight();
        double cards = 0;
        for (Node c : descendants(worker)) {
            if (c.getStyleClass().contains("card-tile")) {
                Bounds b = worker.sceneToLocal(c.localToScene(c.getLayoutBounds()));
                cards += b.getWidth() * b.getHeight();
            }
        }
        return area <= 0 ? 0 : Math.round(cards / area * 1000) / 1000.0;
    }

    private static List<Node> descendants(Node n) {
        List<Node> all = new ArrayList<>();
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                all.add(c);
                all.addAll(descendants(c));
            }
        }
        return all;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    /** Layout reports gpulab wrote (their first key); such a file is replaced without {@code --force}. */
    public static final OutputKind KIND = OutputKind.of("layout report", "\"generator\" : \"gpulab");

    /**
     * Writes the report as JSON, whole or not at all: generator, window size, then the objects (docs/workbench.md).
     *
     * @param force replace a file gpulab did not write, or a symbolic link (the link itself)
     */
    public static void write(Scene scene, Path file, boolean force) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("generator", "gpulab " + GpulabVersion.VERSION);
        doc.put("window", Map.of("width", scene.getWidth(), "height", scene.getHeight()));
        List<Map<String, Object>> items = new ArrayList<>();
        for (Item i : collect(scene)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", i.kind());
            m.put("tenant", i.tenant());
            m.put("name", i.name());
            m.put("x", i.x());
            m.put("y", i.y());
            m.put("width", i.width());
            m.put("height", i.height());
            m.put("visible", i.visible());
            if (i.fill() != null) {
                m.put("fill", i.fill());
            }
            items.add(m);
        }
        doc.put("objects", items);
        long hidden = items.stream().filter(m -> !(Boolean) m.get("visible")).count();
        doc.put("summary", String.format(Locale.ROOT, "%d objects, %d not fully visible", items.size(), hidden));
        OutputFile.write(file, KIND, force, out -> JSON.writeValue(out, doc));
    }
}
