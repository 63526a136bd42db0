package io.gpulab.engine.cluster;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the cluster backend could not read, and why, in the sentences a snapshot's warnings and a refused command
 * both use: the management cluster that did not answer, a tenant that failed to connect or is still connecting.
 */
final class ReadGaps {

    private final ClusterOptions options;
    private final ClusterConnection connection;

    ReadGaps(ClusterOptions options, ClusterConnection connection) {
        this.options = options;
        this.connection = connection;
    }

    /** Why this tenant's view is incomplete: refused kubeconfig, failed connect, late or refused lists. */
    List<String> tenantProblems(TenantLink link, @Nullable TenantWatch w) {
        List<String> out = new ArrayList<>(link.warnings());
        String failure = connection.connectFailure(link.name());
        if (failure != null) {
            out.add(failure);
        }
        String limit = options.syncTimeout().toSeconds() + " s";
        boolean deadlinePassed = connection.connectDeadlinePassed();
        if (w == null && failure == null && link.config() != null && deadlinePassed) {
            out.add("no answer from its API server within " + limit + " (still connecting)");
        }
        if (w != null) {
            out.addAll(w.problems());
            if (!w.synced() && deadlinePassed && w.problems().stream().noneMatch(p -> p.contains("not retried"))) {
                out.add("first list of nodes, pods and events not complete within " + limit + " (still trying)");
            }
        }
        return out;
    }

    /**
     * Why nothing could be read, in one line: the management cluster did not answer, refused or failed its list of
     * TenantControlPlanes (so no tenant is known), or not one of the tenants could be read (nodes and pods listed);
     * null when the cluster was read, also in part.
     */
    @Nullable String whyUnreadable() {
        String unread = connection.managementUnread();
        String refusal = connection.managementRefusal();
        var links = connection.links();
        if (options.management() != null && (unread != null || refusal != null && links.isEmpty())) {
            var management = connection.management();
            String url = management == null ? "" : " " + management.getConfiguration().getMasterUrl();
            return "the management cluster" + url + " (" + options.management().describe() + ") could not be read: "
                    + (unread != null ? unread : refusal);
        }
        if (!links.isEmpty() && links.keySet().stream().noneMatch(this::read)) {
            List<String> why = new ArrayList<>();
            for (TenantLink l : links.values()) {
                List<String> p = tenantProblems(l, connection.watch(l.name()));
                why.add(l.name() + ": " + (p.isEmpty() ? "not connected" : String.join("; ", p)));
            }
            return "no tenant could be read (" + String.join("; ", why) + ")";
        }
        return null;
    }

    /**
     * Whether {@code tenant}'s nodes and pods were listed: a connected tenant whose API server refused the lists (401,
     * 403: never asked again) or has not answered them holds an empty view, which a command must not answer from
     * ("no pending GPU pods", "pod not found", a picture of nothing).
     */
    private boolean read(String tenant) {
        TenantWatch w = connection.watch(tenant);
        return w != null && w.listed();
    }

    /** Why {@code tenant} cannot be read (not connected, or its lists refused or unanswered), or null when it can. */
    @Nullable String tenantUnreadable(String tenant) {
        if (read(tenant)) {
            return null;
        }
        String all = whyUnreadable();
        if (all != null) {
            return all;
        }
        var links = connection.links();
        TenantLink l = links.get(tenant);
        if (l == null) {
            return "no tenant '" + tenant + "' in the cluster (it has: " + String.join(", ", links.keySet()) + ")";
        }
        List<String> p = tenantProblems(l, connection.watch(tenant));
        return "tenant '" + tenant + "' could not be read: " + (p.isEmpty() ? "not connected" : String.join("; ", p));
    }
}
