package io.gpulab.app.gui.export;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.gui.view.Theme;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.output.OutputKind;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * PNG files and the caption strip under every picture ({@link FramedPicture} lays the two out). Node snapshots
 * (house rule 14: a snapshot, not a screen grab), at 1x or 2x. Must run on the FX thread; works headless under
 * Monocle.
 */
public final class PngExporter {

    private PngExporter() {
    }

    /**
     * gpulab's PNGs carry a {@code Software} text chunk ({@code gpulab VERSION}), which ImageIO writes before the
     * pixels; such a file is replaced without {@code --force}.
     */
    public static final OutputKind KIND = OutputKind.of("PNG image", "tEXtSoftware\0gpulab");

    /**
     * Writes an image as PNG whole or not at all; returns the file size in bytes.
     *
     * @param force replace a file gpulab did not write, or a symbolic link (the link itself)
     */
    public static long writePng(WritableImage image, Path file, boolean force) throws IOException {
        return writePng(image, null, file, force);
    }

    /**
     * As {@link #writePng(WritableImage, Path, boolean)}, the caption's text also in the file as its
     * {@code Description} (a tEXt chunk; iTXt, UTF-8, for a name Latin-1 cannot hold): {@code identify -verbose} or
     * {@code exiftool} show the scenario file's SHA-256 without anyone reading it off the pixels.
     */
    public static long writePng(WritableImage image, @Nullable Caption caption, Path file, boolean force)
            throws IOException {
        BufferedImage img = SwingFXUtils.fromFXImage(image, null);
        String description = caption == null ? null : caption.line();
        return OutputFile.write(file, KIND, force, out -> encode(img, description, out));
    }

    /** The {@code Description} text of a PNG gpulab wrote (its caption), or null when it has none. */
    public static @Nullable String description(Path png) throws IOException {
        try (var in = ImageIO.createImageInputStream(png.toFile())) {
            var readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                return null;
            }
            var reader = readers.next();
            try {
                reader.setInput(in);
                IIOMetadata meta = reader.getImageMetadata(0);
                var root = (IIOMetadataNode) meta.getAsTree("javax_imageio_png_1.0");
                for (String chunk : new String[] {"tEXtEntry", "iTXtEntry"}) {
                    var entries = root.getElementsByTagName(chunk);
                    for (int i = 0; i < entries.getLength(); i++) {
                        var e = (IIOMetadataNode) entries.item(i);
                        if ("Description".equals(e.getAttribute("keyword"))) {
                            return e.getAttribute(chunk.startsWith("tEXt") ? "value" : "text");
                        }
                    }
                }
                return null;
            } finally {
                reader.dispose();
            }
        }
    }

    /** PNG bytes with the Software text chunk; in memory, never through ImageIO's cache file. */
    private static void encode(BufferedImage img, @Nullable String description, OutputStream out)
            throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(img), param);
            IIOMetadataNode entry = new IIOMetadataNode("tEXtEntry");
            entry.setAttribute("keyword", "Software");
            entry.setAttribute("value", "gpulab " + GpulabVersion.VERSION);
            IIOMetadataNode text = new IIOMetadataNode("tEXt");
            text.appendChild(entry);
            IIOMetadataNode root = new IIOMetadataNode("javax_imageio_png_1.0");
            root.appendChild(text);
            if (description != null && java.nio.charset.StandardCharsets.ISO_8859_1.newEncoder()
                    .canEncode(description)) {
                // tEXt where Latin-1 holds it: every PNG reader shows tEXt, fewer show iTXt (ImageMagick 6)
                IIOMetadataNode d = new IIOMetadataNode("tEXtEntry");
                d.setAttribute("keyword", "Description");
                d.setAttribute("value", description);
                text.appendChild(d);
            } else if (description != null) {
                IIOMetadataNode d = new IIOMetadataNode("iTXtEntry");
                d.setAttribute("keyword", "Description");
                d.setAttribute("compressionFlag", "FALSE");
                d.setAttribute("compressionMethod", "0");
                d.setAttribute("languageTag", "");
                d.setAttribute("translatedKeyword", "");
                d.setAttribute("text", description);
                IIOMetadataNode itxt = new IIOMetadataNode("iTXt");
                itxt.appendChild(d);
                root.appendChild(itxt);
            }
            meta.mergeTree("javax_imageio_png_1.0", root);
            writer.setOutput(ios);
            writer.write(null, new IIOImage(img, null, meta), param);
        } finally {
            writer.dispose();
        }
    }

    static Region strip(Caption c, double width, boolean dark) {
        Label brand = new Label("GPU Tenancy Lab");
        brand.getStyleClass().add("caption-brand");
        Label text = new Label(c.line());
        text.getStyleClass().add("caption-text");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox line = new HBox(16, brand, grow, text);
        line.setAlignment(Pos.CENTER_LEFT);
        javafx.scene.layout.VBox strip = new javafx.scene.layout.VBox(2, line);
        // "root" so the looked-up palette colours of the theme apply outside a scene
        strip.getStyleClass().addAll("root", "caption-strip");
        strip.getStylesheets().add(Theme.BASE);
        if (dark) {
            strip.getStylesheets().add(Theme.DARK);
        }
        strip.setMinWidth(width);
        strip.setPrefWidth(width);
        strip.setMaxWidth(width);
        // a throwaway scene so CSS and layout apply (the strip is never shown)
        new javafx.scene.Scene(new javafx.scene.Group(strip));
        strip.applyCss();
        // a narrow canvas (two tenants at 1280 px) has no room for brand and caption on one line: the
        // caption goes under the brand instead of both being cut with "..."
        double room = width - strip.snappedLeftInset() - strip.snappedRightInset();
        if (line.prefWidth(-1) > room) {
            line.getChildren().removeAll(grow, text);
            // the scenario file's SHA-256 on a line of its own, its 64 digits on two lines where even they do not
            // fit (a 320 px window); the other lines wrap at spaces: the strip grows instead of cutting anything
            text.setText(c.lines(false));
            Label hash = new Label(c.lines(false).lines().filter(l -> l.startsWith("scenario file sha256"))
                    .findFirst().orElse(""));
            hash.getStyleClass().add("caption-text");
            strip.getChildren().add(hash);
            strip.applyCss();
            boolean split = hash.prefWidth(-1) > room;
            strip.getChildren().remove(hash);
            text.setText(c.lines(split));
            text.setWrapText(true);
            strip.getChildren().add(text);
            strip.applyCss();
        }
        // whole layout units: the picture's view takes exactly what the strip leaves
        strip.resize(width, Math.ceil(strip.prefHeight(width)));
        strip.layout();
        return strip;
    }
}
