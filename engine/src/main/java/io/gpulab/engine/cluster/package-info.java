/**
 * The {@code cluster} backend: a real Kamaji management cluster (or single tenants) read through fabric8.
 * It discovers TenantControlPlanes, builds one client per tenant from its admin kubeconfig secret,
 * keeps informers on nodes, pods and events, and decodes HAMi's annotations with scheduler/'s codecs
 * into the same snapshots the sim backend produces. Credentials are held only inside fabric8
 * {@code Config} objects and never copied into snapshots, events, logs or {@code toString()}.
 */
@NullMarked
package io.gpulab.engine.cluster;

import org.jspecify.annotations.NullMarked;
