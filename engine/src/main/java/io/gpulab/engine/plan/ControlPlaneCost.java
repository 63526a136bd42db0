package io.gpulab.engine.plan;

import io.gpulab.engine.kamaji.ManagementFit;
import io.gpulab.engine.lab.ManagementNodeSpec;
import io.gpulab.engine.lab.ManagementSpec;
import io.gpulab.engine.lab.PodResources;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a candidate's control planes take and cost (docs/plan-format.md, "Control planes"): under Kamaji, how many
 * tenant control planes its management cluster holds by their requests, with and without room for one tenant's
 * rolling upgrade, and the cluster's price spread over the tenants; under dedicated control planes, their machines'
 * price. Either way, next to it, a dedicated control plane's price per tenant at the plan's prices.
 *
 * @param tenants            the candidate's tenants, one control plane each
 * @param management         under Kamaji, the management cluster's capacity; else null
 * @param machines           machines of one dedicated control plane (stated, or kubeadm HA's three for the
 *                           comparison)
 * @param perPeriod          what the candidate's control planes cost per period (the management cluster, or every
 *                           tenant's machines), or null when unpriced; part of the candidate's cost
 * @param perTenant          {@code perPeriod / tenants}, or null
 * @param dedicatedPerTenant a dedicated control plane per tenant per period ({@code machines × controlPlaneMachine}),
 *                           or null when the plan prices no control-plane machine
 */
public record ControlPlaneCost(ControlPlanes.Mode mode, int tenants, @Nullable Capacity management, int machines,
                               @Nullable Double perPeriod, @Nullable Double perTenant,
                               @Nullable Double dedicatedPerTenant) {

    /**
     * How many tenant control planes the management cluster holds.
     *
     * @param nodes         management nodes
     * @param shape         e.g. {@code 3 × 8 CPU, 32 GiB}
     * @param podRequest    what one control-plane pod requests (its containers' sum)
     * @param replicas      pods per control plane
     * @param surge         pods a rolling upgrade adds ({@code maxSurge}, 100 % of replicas by Kamaji's default)
     * @param fit           control planes whose every replica is placed, added one after another
     * @param fitWithSurge  of those, how many fit while one of them can still roll out its surge
     * @param limit         kube-scheduler's text for the first control plane (or surge pod) beyond
     *                      {@code fitWithSurge}
     * @param perTenantAtCapacity the cluster's price per period over {@code fitWithSurge} tenants, or null
     */
    public record Capacity(int nodes, String shape, PodResources podRequest, int replicas, int surge, int fit,
                           int fitWithSurge, String limit, @Nullable Double perTenantAtCapacity) {

        /**
         * The surge in words, the same on every page: "maxSurge 100 %: 2 more pods, as many as its replicas" (the
         * report said "maxSurge: 2 more pods" on one page and "maxSurge 100 %: as many pods again" on the next).
         */
        public String surgeWords() {
            if (surge == 0) {
                return "maxSurge: no more pods";
            }
            String pods = Recommendation.fmt(surge) + (surge == 1 ? " more pod" : " more pods");
            return surge == replicas ? "maxSurge 100 %: " + pods + ", as many as its replicas" : "maxSurge: " + pods;
        }
    }

    /** The figures of a candidate that states its control planes, at its prices. */
    public static ControlPlaneCost of(Candidate c) {
        ControlPlanes cp = c.controlPlanes();
        if (cp == null) {
            throw new IllegalArgumentException("candidate " + c.name() + " states no control planes");
        }
        Prices p = c.prices();
        int tenants = c.tenants().size();
        Double machine = p.isEmpty() ? null : p.controlPlaneMachine();
        Double dedicated = machine == null ? null : machine * cp.machines();
        if (cp.mode() == ControlPlanes.Mode.DEDICATED) {
            Double all = dedicated == null ? null : dedicated * tenants;
            return new ControlPlaneCost(cp.mode(), tenants, null, cp.machines(), all, dedicated, dedicated);
        }
        ManagementSpec m = cp.management();
        Double node = p.isEmpty() ? null : p.managementNode();
        Double all = node == null ? null : node * m.nodes().size();
        ManagementFit.Demand one = ManagementFit.Demand.of("tcp", cp.tcp(), m);
        int hi = upperBound(m, one);
        int fit = largest(hi, n -> capacity(m, one, n).tcps().stream().allMatch(ManagementFit.TcpFit::fits));
        int withSurge = largest(fit, n -> capacity(m, one, n).allFit());
        String limit = capacity(m, one, withSurge + 1).tcps().stream().map(ManagementFit.TcpFit::message)
                .filter(s -> !s.isEmpty()).findFirst().orElse("");
        Capacity cap = new Capacity(m.nodes().size(), shape(m.nodes()), one.podRequest(), one.replicas(),
                one.surge(), fit, withSurge, limit, all == null || withSurge == 0 ? null : all / withSurge);
        return new ControlPlaneCost(cp.mode(), tenants, cap, cp.machines(), all, all == null ? null : all / tenants,
                dedicated);
    }

    /**
     * The answer's sentence about these control planes, e.g. "Control planes of kamaji: its management cluster (3 × 8
     * CPU, 32 GiB) holds 24 tenant control planes by their requests (...), 12 with room for one at a time to roll out
     * an upgrade (...); its 2 tenants' control planes cost EUR 1,050.00 per month, EUR 525.00 per tenant (...), against
     * EUR 750.00 per tenant for a dedicated control plane (3 machines, kubeadm HA)."
     */
    public String sentence(String candidate, Prices p) {
        StringBuilder s = new StringBuilder("Control planes of ").append(candidate).append(": ");
        String tenantsWord = Recommendation.fmt(tenants) + (tenants == 1 ? " tenant" : " tenants");
        if (management == null) {
            s.append("a dedicated control plane of ").append(machines).append(machines == 1 ? " machine" : " machines")
                    .append(" per tenant").append(machines == ControlPlanes.KUBEADM_HA_MACHINES ? " (kubeadm HA)" : "")
                    .append(" for its ").append(tenantsWord);
            s.append(perPeriod == null ? ", not priced." : ", " + p.perPeriod(perPeriod) + ", " + perTenant(p, perTenant)
                    + ".");
            return s.toString();
        }
        Capacity m = management;
        s.append("its management cluster (").append(m.shape()).append(") holds ").append(Recommendation.fmt(m.fit()))
                .append(m.fit() == 1 ? " tenant control plane" : " tenant control planes").append(" by their requests (")
                .append(m.replicas()).append(m.replicas() == 1 ? " replica" : " replicas");
        s.append(m.podRequest().none() ? ", no requests stated: only the nodes' pod limits bound the count"
                : " of " + request(m.podRequest()) + " each");
        s.append("), ").append(Recommendation.fmt(m.fitWithSurge())).append(" with room for one at a time to roll out "
                + "an upgrade (").append(m.surgeWords()).append(')');
        if (!holdsTenants()) {
            s.append("; its ").append(tenantsWord).append(" do not all fit (kube-scheduler: ").append(m.limit())
                    .append(')');
        } else if (!holdsUpgrades()) {
            s.append("; its ").append(tenantsWord).append(tenants == 1 ? " fits" : " fit").append(" but an upgrade "
                    + "cannot roll out (kube-scheduler: ").append(m.limit()).append(')');
        }
        if (perPeriod == null) {
            s.append("; not priced");
        } else {
            s.append("; the cluster costs ").append(p.perPeriod(perPeriod)).append(", ").append(perTenant(p, perTenant))
                    .append(" for its ").append(tenantsWord);
            if (m.perTenantAtCapacity() != null) {
                s.append(" (").append(p.amount(m.perTenantAtCapacity())).append(" at the ")
                        .append(Recommendation.fmt(m.fitWithSurge())).append(" it holds with upgrade room)");
            }
        }
        if (dedicatedPerTenant != null) {
            s.append(", against ").append(perTenant(p, dedicatedPerTenant)).append(" for a dedicated control "
                    + "plane (").append(machines).append(" machines, kubeadm HA)");
        }
        return s.append('.').toString();
    }

    /** e.g. {@code EUR 131.25 per tenant per month}. */
    static String perTenant(Prices p, double v) {
        return p.amount(v) + " per tenant" + (p.period().isEmpty() ? "" : " per " + p.period());
    }

    /** e.g. {@code 1,250m CPU and 2,560 MiB}. */
    static String request(PodResources r) {
        return Recommendation.fmt(r.cpuMilli()) + "m CPU and " + Recommendation.fmt(r.memoryMiB()) + " MiB";
    }

    /** Whether the management cluster runs every tenant's control plane (Kamaji), or there is none to hold. */
    public boolean holdsTenants() {
        return management == null || management.fit() >= tenants;
    }

    /** Whether one tenant at a time can also roll out an upgrade. */
    public boolean holdsUpgrades() {
        return management == null || management.fitWithSurge() >= tenants;
    }

    private static ManagementFit.Capacity capacity(ManagementSpec m, ManagementFit.Demand one, int n) {
        List<ManagementFit.Demand> all = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            all.add(new ManagementFit.Demand("tenant-" + i, one.podRequest(), one.replicas(), one.surge(),
                    one.nodeSelector()));
        }
        return ManagementFit.capacity(m, all);
    }

    /** No more control planes than the nodes' pod limits, CPU or memory could hold, whatever the placement. */
    private static int upperBound(ManagementSpec m, ManagementFit.Demand one) {
        long pods = 0;
        long cpu = 0;
        long mem = 0;
        for (ManagementNodeSpec n : m.nodes()) {
            pods += n.maxPods();
            cpu += n.cpu() * 1000L;
            mem += (long) n.memoryMiB() << 20;
        }
        long bound = pods;
        PodResources r = one.podRequest();
        if (r.cpuMilli() > 0) {
            bound = Math.min(bound, cpu / r.cpuMilli());
        }
        if (r.memoryBytes() > 0) {
            bound = Math.min(bound, mem / r.memoryBytes());
        }
        return (int) Math.max(0, bound / Math.max(1, one.replicas()));
    }

    /**
     * The largest {@code n} in {@code [0, hi]} for which {@code holds} is true, by bisection: the control planes are
     * placed in the same order every time, so one more never frees room for those before it.
     */
    private static int largest(int hi, java.util.function.IntPredicate holds) {
        int lo = 0;
        while (lo < hi) {
            int mid = lo + (hi - lo + 1) / 2;
            if (holds.test(mid)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** e.g. {@code 3 × 8 CPU, 32 GiB} or {@code 2 × 8 CPU, 32 GiB + 1 × 16 CPU, 64 GiB}. */
    static String shape(List<ManagementNodeSpec> nodes) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (ManagementNodeSpec n : nodes) {
            String s = n.cpu() + " CPU, " + (n.memoryMiB() % 1024 == 0 ? n.memoryMiB() / 1024 + " GiB"
                    : n.memoryMiB() + " MiB");
            count.merge(s, 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        count.forEach((s, k) -> out.add(k + " × " + s));
        return String.join(" + ", out);
    }
}
