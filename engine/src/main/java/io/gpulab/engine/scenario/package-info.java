/**
 * Scenario files (docs/scenario-format.md): line-numbered parsing and validation into a {@link
 * io.gpulab.engine.lab.LabSpec} plus steps, running the steps against any {@link
 * io.gpulab.engine.api.LabBackend}, and the result model the CLI prints (docs/json-output.md).
 * Every parse error names file, line and field path; a scenario that fails to parse is never run.
 */
@NullMarked
package io.gpulab.engine.scenario;

import org.jspecify.annotations.NullMarked;
