package io.gpulab.engine.lab;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A lab to build: the scenario's {@code metadata} and {@code lab} sections.
 *
 * @param name        the scenario name, e.g. {@code article}
 * @param description free text, may be empty
 * @param hami        HAMi Helm settings ({@code lab.hami})
 * @param lifecycle   mock device plugin lifecycle ({@code lab.mockGpu.lifecycle}): {@code complete} or
 *                    {@code article}
 * @param tenants     tenants in scenario order; names unique, worker names unique within a tenant (separate
 *                    clusters, so two tenants may each have a {@code worker-1}, as real tenant clusters do)
 * @param management  the management cluster ({@code lab.management}; {@link ManagementSpec#defaults()} when not
 *                    stated)
 * @throws IllegalArgumentException for an unknown lifecycle, duplicate tenant/worker names, or a control plane
 *                                  naming a DataStore the management cluster does not have
 */
public record LabSpec(String name, String description, HamiSettings hami, String lifecycle,
                      List<TenantSpec> tenants, ManagementSpec management) {

    /** A lab on the default management cluster. */
    public LabSpec(String name, String description, HamiSettings hami, String lifecycle, List<TenantSpec> tenants) {
        this(name, description, hami, lifecycle, tenants, ManagementSpec.defaults());
    }

    /** The same lab with other tenants (what-if copies, upgrades, snapshots). */
    public LabSpec withTenants(List<TenantSpec> t) {
        return new LabSpec(name, description, hami, lifecycle, t, management);
    }

    /** Like the real HAMi device plugin: allocation completes and the node lock is released. */
    public static final String LIFECYCLE_COMPLETE = "complete";
    /** Like the article's mock plugin: the node lock stays until unlocked by hand or expired. */
    public static final String LIFECYCLE_ARTICLE = "article";

    public LabSpec {
        tenants = List.copyOf(tenants);
        requireLifecycle(lifecycle, "lab.mockGpu.lifecycle");
        long workers = 0;
        long pods = 0;
        for (TenantSpec t : tenants) {
            workers += t.workers().size();
            pods += t.pods().size();
            for (WorkerSpec w : t.workers()) {
                pods += w.pods().size();
            }
        }
        if (workers > LabLimits.MAX_WORKERS) {
            throw new IllegalArgumentException("lab.tenants: " + workers + " workers; a lab has at most "
                    + LabLimits.MAX_WORKERS);
        }
        if (pods > LabLimits.MAX_PODS) {
            throw new IllegalArgumentException("lab.tenants: " + pods + " existing pods; a lab states at most "
                    + LabLimits.MAX_PODS);
        }
        for (TenantSpec t : tenants) {
            try {
                management.dataStoreOf(t.controlPlane());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("lab.tenants[" + t.name() + "].controlPlane." + e.getMessage(), e);
            }
        }
        Set<String> tenantNames = new HashSet<>();
        for (TenantSpec t : tenants) {
            if (!tenantNames.add(t.name())) {
                throw new IllegalArgumentException("lab.tenants: duplicate tenant name '" + t.name() + "'");
            }
            Set<String> workerNames = new HashSet<>();
            for (WorkerSpec w : t.workers()) {
                if (!workerNames.add(w.name())) {
                    throw new IllegalArgumentException("lab.tenants[" + t.name() + "].workers: duplicate worker name '"
                            + w.name() + "' (node names are unique in a tenant's cluster)");
                }
            }
        }
    }

    /** Throws unless {@code mode} is {@code complete} or {@code article}; {@code field} names the place. */
    public static String requireLifecycle(String mode, String field) {
        if (!LIFECYCLE_COMPLETE.equals(mode) && !LIFECYCLE_ARTICLE.equals(mode)) {
            throw new IllegalArgumentException(field + ": lifecycle must be 'complete' or 'article', got '" + mode
                    + "'");
        }
        return mode;
    }
}
