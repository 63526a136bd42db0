package io.gpulab.app.report;

import java.awt.image.BufferedImage;

/**
 * A chart rendered to pixels for a report page.
 *
 * @param chart    the id of the chart that drew it (the Plan view's node id, e.g. {@code plan-curves}); the PDF
 *                 keeps it beside the picture so a reader (and a test) can tell which chart it is
 * @param image    opaque pixels, {@code widthPt × scale} wide
 * @param widthPt  its size on the page in points: one layout unit of the chart is one point
 * @param heightPt its height on the page in points
 */
public record ChartImage(String chart, BufferedImage image, float widthPt, float heightPt) { }
