/** Review reports rendered to PDF: the decision report of a plan and its charts. */
@NullMarked
package io.gpulab.app.report;

import org.jspecify.annotations.NullMarked;
