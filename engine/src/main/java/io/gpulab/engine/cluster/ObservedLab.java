package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.api.TunnelView;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A cluster backend's snapshot, built from the informer caches of its connections (so after a dropped watch the
 * re-list makes the next snapshot complete again), with what could not be read among its warnings.
 */
final class ObservedLab {

    private final ClusterOptions options;
    private final ClusterConnection connection;
    private final ReadGaps gaps;
    private final Function<String, SchedulerConfig> hami;

    /** {@code hami}: the HAMi settings assumed for a tenant, which read its quotas. */
    ObservedLab(ClusterOptions options, ClusterConnection connection, ReadGaps gaps,
                Function<String, SchedulerConfig> hami) {
        this.options = options;
        this.connection = connection;
        this.gaps = gaps;
        this.hami = hami;
    }

    /** Call holding the connection's monitor: a late discovery's tenants then join before or after, not during. */
    LabSnapshot snapshot(long version, String backendId) {
        ManagementWatch mw = connection.managementWatch();
        List<Pod> mgmtPods = mw == null ? List.of() : mw.pods();
        List<String> malformed = new ArrayList<>();
        List<ControlPlaneView> planes = new ArrayList<>();
        List<TenantView> tenants = new ArrayList<>();
        for (TenantLink link : connection.links().values()) {
            TenantWatch w = connection.watch(link.name());
            List<String> problems = gaps.tenantProblems(link, w);
            ControlPlaneView cp = ObservedControlPlane.of(liveControlPlane(link, mgmtPods, malformed), w,
                    String.join("; ", problems), problems);
            planes.add(cp);
            // the agents are seen as pods: a tenant whose pods were not read has a tunnel in an unknown state, which
            // the views say as such ("unknown (could not read tenant ...)"), never "down"
            TunnelView unread = w != null && w.podsRead() ? null : TunnelView.unknown("could not read tenant "
                    + link.name() + ": " + (problems.isEmpty() ? w == null ? "not connected yet" : "its pods are not "
                    + "listed yet" : String.join("; ", problems)));
            if (w == null) {
                tenants.add(new TenantView(link.name(), cp, unread, "Unknown", List.of(), List.of(), problems));
            } else {
                TenantView t = TenantAssembler.assemble(link.name(), cp, w.nodes(), w.pods(), w.events(),
                        options.nodeLockExpire(), w.webhookFailurePolicy()).withWarnings(problems)
                        .withQuotas(ClusterQuotas.views(w.quotas(), w.pods(), hami.apply(link.name())));
                tenants.add(unread == null ? t : t.withTunnel(unread));
            }
        }
        ManagementView found = connection.managementView();
        List<String> warnings = new ArrayList<>(found.warnings());
        DiscoveryRetry retry = connection.rediscovery();
        if (retry != null && connection.managementUnread() != null) {
            warnings.add("management cluster: " + retry.status(warnings));
        }
        String refusal = connection.managementRefusal();
        if (refusal != null) {
            warnings.add(refusal);
        }
        connection.links().values().forEach(l -> warnings.addAll(l.warnings()));
        List<ManagementView.NodeView> mgmtNodes = List.of();
        List<ManagementView.DataStoreView> stores = List.of();
        if (mw != null) {
            warnings.addAll(mw.problems());
            Set<String> kamajiPods = new HashSet<>(ManagementAssembler.tcpPods(planes));
            stores = ManagementAssembler.dataStores(mw.dataStores(), planes, mgmtPods, malformed, kamajiPods);
            mgmtNodes = ManagementAssembler.nodes(mw.nodes(), mgmtPods, kamajiPods);
        }
        warnings.addAll(malformed);
        ManagementView mv = new ManagementView(found.name(), found.kamajiReady(), found.datastore(),
                found.datastoreDriver(), found.metallbPool(), warnings, mgmtNodes, stores);
        return new LabSnapshot(version, backendId, "observed", Instant.now(), mv, tenants, "unknown");
    }

    private ControlPlaneView liveControlPlane(TenantLink link, List<Pod> mgmtPods, List<String> malformed) {
        SharedIndexInformer<GenericKubernetesResource> inf = connection.tcpInformer();
        if (inf == null) {
            return link.controlPlane();
        }
        return inf.getStore().list().stream()
                .filter(r -> r.getMetadata().getName().equals(link.controlPlane().name())
                        && String.valueOf(r.getMetadata().getNamespace()).equals(link.controlPlane().namespace()))
                .findFirst().map(r -> TcpStatus.view(r, mgmtPods, malformed)).orElse(link.controlPlane());
    }
}
