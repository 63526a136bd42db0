package io.gpulab.app.report;

/**
 * A chart rendered to pixels for a report page.
 *
 * @param chart    the id of the chart that drew it (the Plan view's node id, e.g. {@code plan-curves}); the PDF
 *                 keeps it beside the picture so a reader (and a test) can tell which chart it is
 * @param argb     opaque pixels, row by row, {@code pixelWidth × pixelHeight} (alpha ignored)
 * @param widthPt  its size on the page in points: one layout unit of the chart is one point
 * @param heightPt its height on the page in points
 */
public record ChartImage(String chart, int[] argb, int pixelWidth, int pixelHeight, float widthPt, float heightPt) { }
