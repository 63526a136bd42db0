/**
 * Cluster snapshots (docs/snapshots.md): {@code kubectl get nodes,pods,resourcequotas,events -A -o yaml} dumps read
 * with fabric8's model and turned into a scenario whose lab reproduces the observed state, and the offline
 * {@code why-pending} / {@code what-if} on such a scenario. Secrets in a dump are never read.
 */
@NullMarked
package io.gpulab.engine.snapshot;

import org.jspecify.annotations.NullMarked;
