/**
 * The {@code kind} backend: builds the article's lab on the local Docker engine with docker-java, as
 * a list of idempotent, resumable steps, then hands the management kubeconfig to the cluster backend.
 * Every Docker call runs behind a hard deadline, because a dead daemon socket can hang forever.
 * Everything the lab creates carries the label {@link io.gpulab.engine.kind.KindLabels#LAB}, and
 * teardown removes exactly that.
 */
@NullMarked
package io.gpulab.engine.kind;

import org.jspecify.annotations.NullMarked;
