/**
 * Capacity plans ({@code kind: Plan}): one workload replayed on two or more candidate platforms in the
 * simulated lab, each candidate's placement, allocation, utilisation, stranded capacity and cost, and a
 * one-sentence answer per objective. Reads plan files with the scenario reader's located errors; runs the
 * candidates in parallel on the sim backend (never a scheduler of its own).
 */
@NullMarked
package io.gpulab.engine.plan;

import org.jspecify.annotations.NullMarked;
