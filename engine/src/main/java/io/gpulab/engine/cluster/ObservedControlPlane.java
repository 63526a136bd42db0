package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Node;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ControlPlaneView.KubeletView;
import io.gpulab.engine.kamaji.VersionSkew;
import io.gpulab.engine.lab.KubeVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A TenantControlPlane as read from the management cluster, completed with what the tenant's own API server was
 * observed to answer (docs in engine/BACKENDS.md): {@code apiError} and {@code effects} from gpulab's own requests to
 * it ({@link TenantApiProbe}) and the writes it refused, never from the TCP's status; the kubelets of the tenant's
 * nodes against Kubernetes' version-skew policy, with the simulation's verdict and words. What gpulab did not ask is
 * said "not observed".
 */
final class ObservedControlPlane {

    /** The effect line for what a read-only observer cannot see, said once. */
    static final String UNSEEN = "creates, scheduling, running pods and node leases: not observed (gpulab reads the "
            + "tenant's API server; it does not ask its schedulers or kubelets)";

    private ObservedControlPlane() {
    }

    /**
     * @param cp       the TCP as read (or a placeholder for a tenant known by its kubeconfig only)
     * @param watch    the tenant's watch, null when it is not connected
     * @param notRead  why the tenant is not connected (one line), used when {@code watch} is null
     * @param problems receives one line per version that is not one
     */
    static ControlPlaneView of(ControlPlaneView cp, @Nullable TenantWatch watch, String notRead,
                               List<String> problems) {
        if (watch == null) {
            return with(cp, "", List.of(), List.of(), ControlPlaneView.NOT_OBSERVED + ": the tenant is not connected"
                    + (notRead.isEmpty() ? "" : " (" + notRead + ")"));
        }
        TenantApiProbe.Observation o = watch.api().last();
        TenantApiProbe.RefusedWrite refused = watch.api().refusedWrite();
        List<String> effects = new ArrayList<>();
        String apiError = "";
        String observed;
        if (o == null) {
            observed = ControlPlaneView.NOT_OBSERVED + " yet: gpulab's first requests to the tenant's API server have "
                    + "not been answered";
        } else if (o.answered()) {
            observed = o.request() + " answered at " + o.since();
        } else {
            apiError = o.text();
            observed = o.request() + " failed at " + o.since() + " and since";
            effects.add("reads refused since " + o.since() + ": " + o.request() + ": " + o.text());
        }
        if (refused != null) {
            effects.add(refused.request() + " refused at " + refused.at() + ": " + refused.text());
        } else if (!"none".equals(cp.writePermissions()) && apiError.isEmpty()) {
            effects.add("writes limited (" + cp.writePermissions() + "): not observed, gpulab sent no write");
        }
        if (!apiError.isEmpty()) {
            effects.add(UNSEEN);
        }
        return with(cp, apiError, effects, kubelets(cp, o, watch.nodes(), problems), observed);
    }

    private static ControlPlaneView with(ControlPlaneView cp, String apiError, List<String> effects,
                                         List<KubeletView> kubelets, String observed) {
        return new ControlPlaneView(cp.name(), cp.namespace(), cp.phase(), cp.version(), cp.endpoint(),
                cp.components(), cp.dataStoreSchema(), cp.installedVersion(), cp.replicas(), cp.readyReplicas(),
                cp.updatedReplicas(), cp.dataStore(), apiError, cp.writePermissions(), cp.pods(), effects, kubelets,
                observed);
    }

    /**
     * Each node's {@code status.nodeInfo.kubeletVersion} against the API server versions known: the TCP's installed
     * version ({@code status.kubernetesResources.version.version}, else its {@code spec.kubernetes.version}) and what
     * the tenant's API server answers on {@code /version}.
     */
    static List<KubeletView> kubelets(ControlPlaneView cp, TenantApiProbe.@Nullable Observation o, List<Node> nodes,
                                      List<String> problems) {
        SortedSet<KubeVersion> servers = new TreeSet<>();
        List<String> unread = new ArrayList<>();
        String tcp = "TenantControlPlane " + cp.namespace() + "/" + cp.name();
        String tcpVersion = !cp.installedVersion().isEmpty() ? cp.installedVersion() : cp.version();
        String tcpField = !cp.installedVersion().isEmpty() ? "status.kubernetesResources.version.version"
                : "spec.kubernetes.version";
        if (!tcpVersion.isEmpty()) {
            parse(tcpVersion, tcp + ": " + tcpField).ifPresentOrElse(servers::add, () -> {
                String line = tcp + ": " + tcpField + " \"" + shown(tcpVersion) + "\" is not a Kubernetes version "
                        + "such as v1.35.7 (left out of the version-skew check)";
                problems.add(line);
                unread.add(tcpField + " is not a version");
            });
        } else {
            unread.add("no TenantControlPlane version read");
        }
        if (o != null && !o.gitVersion().isEmpty()) {
            parse(o.gitVersion(), "/version").ifPresentOrElse(servers::add, () -> {
                problems.add("the tenant's API server answers GET /version with gitVersion \"" + shown(o.gitVersion())
                        + "\", not a Kubernetes version such as v1.35.7 (left out of the version-skew check)");
                unread.add("/version's gitVersion is not a version");
            });
        } else if (o != null && !o.versionNote().isEmpty()) {
            unread.add(o.versionNote());
        }
        List<KubeletView> out = new ArrayList<>();
        for (Node n : nodes) {
            String name = n.getMetadata().getName();
            String raw = n.getStatus() == null || n.getStatus().getNodeInfo() == null ? null
                    : n.getStatus().getNodeInfo().getKubeletVersion();
            if (raw == null || raw.isEmpty()) {
                out.add(new KubeletView(name, "", "", "status.nodeInfo.kubeletVersion not reported"));
                continue;
            }
            var kubelet = parse(raw, "");
            if (kubelet.isEmpty()) {
                String line = "node " + name + ": status.nodeInfo.kubeletVersion \"" + shown(raw) + "\" is not a "
                        + "Kubernetes version such as v1.35.7 (version skew not checked)";
                problems.add(line);
                out.add(new KubeletView(name, shown(raw), "", "status.nodeInfo.kubeletVersion is not a Kubernetes "
                        + "version such as v1.35.7"));
            } else if (servers.isEmpty()) {
                out.add(new KubeletView(name, kubelet.get().text(), "", "no API server version read"
                        + (unread.isEmpty() ? "" : " (" + String.join("; ", unread) + ")")));
            } else {
                String v = VersionSkew.violation(servers, kubelet.get());
                out.add(new KubeletView(name, kubelet.get().text(), v == null ? "" : v));
            }
        }
        return out;
    }

    private static java.util.Optional<KubeVersion> parse(String s, String field) {
        try {
            return java.util.Optional.of(KubeVersion.parse(s, field));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    /** A cluster's string as data: control characters made visible, bounded. */
    private static String shown(String s) {
        String v = io.gpulab.engine.scenario.Quote.visible(s);
        return v.length() > 80 ? v.substring(0, 80) + "... (" + s.length() + " characters)" : v;
    }
}
