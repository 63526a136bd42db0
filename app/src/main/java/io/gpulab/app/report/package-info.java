/**
 * Reports on paper (PDF, A4) that stand on their own: the plan's decision report and the scenario's review
 * report, with wrapped tables, page numbers and no text below 7 pt. The package needs no toolkit: the decision
 * report's charts arrive as pictures of the Plan view's own charts ({@link io.gpulab.app.report.PlanChartSource}),
 * the scenario report's lab diagram is drawn in vector.
 */
@NullMarked
package io.gpulab.app.report;

import org.jspecify.annotations.NullMarked;
