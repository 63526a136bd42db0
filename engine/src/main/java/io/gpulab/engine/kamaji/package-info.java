/**
 * Kamaji's rules as pure functions (docs/kamaji-model.md): the pods a TenantControlPlane runs and what they request,
 * kube-scheduler's placement of them on the management nodes with its reasons, Kamaji's status computation in its
 * own order, the DataStore's quorum, the version-skew policy, and the texts a client sees when a control plane
 * cannot answer. No state and no backend: the simulation, the plans and the isolation table all call these.
 */
@NullMarked
package io.gpulab.engine.kamaji;

import org.jspecify.annotations.NullMarked;
