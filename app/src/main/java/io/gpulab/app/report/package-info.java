/**
 * Reports on paper (PDF, A4) that stand on their own: the plan's decision report and the scenario's review
 * report, with wrapped tables, vector charts, page numbers and no text below 7 pt. Needs no toolkit.
 */
@NullMarked
package io.gpulab.app.report;

import org.jspecify.annotations.NullMarked;
