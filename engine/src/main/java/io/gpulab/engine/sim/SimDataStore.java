package io.gpulab.engine.sim;

import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.kamaji.ApiErrors;
import io.gpulab.engine.lab.DataStoreSpec;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A DataStore and its members: each member is up unless it was stopped ({@code fault: {dataStore, member}}) or the
 * management node it runs on is lost or drained (a kamaji-etcd member's volume is bound to its node, so it is not
 * rescheduled). An etcd DataStore answers while a majority of its members is up; any other driver while its one
 * server is.
 */
final class SimDataStore {

    /** kube-apiserver's readiness probe: period 10 s, failure threshold 3 (Kamaji's defaults). */
    static final Duration READINESS_FAILS = Duration.ofSeconds(30);
    /** One readiness period: the first probe after the DataStore answers again. */
    static final Duration READINESS_PERIOD = Duration.ofSeconds(10);

    final DataStoreSpec spec;
    /** Per member, its management node ("" for a server outside the cluster, or one that could not be placed). */
    final String[] node;
    /** Per member, stopped by a fault. */
    final boolean[] stopped;
    /** Since when it has not answered, or null while it answers. */
    @Nullable Instant downSince;
    /** When it last answered again after an outage long enough to fail kube-apiserver's readiness, or null. */
    @Nullable Instant backAt;

    SimDataStore(DataStoreSpec spec) {
        this.spec = spec;
        this.node = new String[spec.members().size()];
        java.util.Arrays.fill(node, "");
        this.stopped = new boolean[spec.members().size()];
    }

    String name() {
        return spec.name();
    }

    boolean up(int member, SimManagement m) {
        if (stopped[member]) {
            return false;
        }
        return !spec.members().get(member).inCluster() || !node[member].isEmpty() && m.nodeReady(node[member]);
    }

    int upCount(SimManagement m) {
        int n = 0;
        for (int i = 0; i < node.length; i++) {
            if (up(i, m)) {
                n++;
            }
        }
        return n;
    }

    boolean available(SimManagement m) {
        return upCount(m) >= spec.quorum();
    }

    /** Whether kube-apiserver's readiness probe passes as far as its storage goes, at {@code now}. */
    boolean readinessOk(Instant now) {
        if (downSince != null) {
            return now.isBefore(downSince.plus(READINESS_FAILS));
        }
        return backAt == null || !now.isBefore(backAt.plus(READINESS_PERIOD));
    }

    /** The next instant at which {@link #readinessOk} changes after {@code now}, or null. */
    @Nullable Instant nextChange(Instant now) {
        Instant t = downSince != null ? downSince.plus(READINESS_FAILS) : backAt == null ? null
                : backAt.plus(READINESS_PERIOD);
        return t != null && t.isAfter(now) ? t : null;
    }

    /** Records a change of availability at {@code now}; returns whether it changed. */
    boolean update(SimManagement m, Instant now) {
        boolean answers = available(m);
        if (answers && downSince != null) {
            // only an outage that outlasted the readiness threshold left the API servers not ready
            backAt = !now.isBefore(downSince.plus(READINESS_FAILS)) ? now : null;
            downSince = null;
            return true;
        }
        if (!answers && downSince == null) {
            downSince = now;
            return true;
        }
        return false;
    }

    int member(String name) {
        for (int i = 0; i < spec.members().size(); i++) {
            if (spec.members().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("DataStore " + name() + " has no member \"" + name + "\" (members: "
                + String.join(", ", spec.members().stream().map(DataStoreSpec.Member::name).toList()) + ")");
    }

    ManagementView.DataStoreView view(SimManagement m, List<SimTcp> users) {
        List<ManagementView.MemberView> members = new ArrayList<>();
        for (int i = 0; i < node.length; i++) {
            members.add(new ManagementView.MemberView(spec.members().get(i).name(), node[i], up(i, m)));
        }
        Map<String, String> prefixes = new LinkedHashMap<>();
        List<String> usedBy = new ArrayList<>();
        for (SimTcp t : users) {
            usedBy.add(t.spec.namespace() + "/" + t.tenant);
            prefixes.put(t.tenant, t.prefix());
        }
        boolean ok = available(m);
        return new ManagementView.DataStoreView(name(), spec.driver(), members, spec.quorum(), ok, usedBy, prefixes,
                ok ? "" : storageError(m));
    }

    /** What kube-apiserver's etcd client reads while a member is up but fewer than a quorum of members answer. */
    static final String ETCD_NO_QUORUM = "etcdserver: request timed out";

    /**
     * What kube-apiserver's storage reads while this DataStore does not answer, in short: etcd's own text while a
     * member is up without a quorum; with no member up (no etcd server is left to answer) or the server behind kine
     * down, what happens, without a text gpulab could not know.
     */
    String storageError(SimManagement m) {
        if (spec.kine()) {
            return ApiErrors.KINE_DOWN_MARK + " (" + spec.driver() + ")";
        }
        return upCount(m) > 0 ? ETCD_NO_QUORUM : ApiErrors.NO_MEMBER_MARK;
    }

    /** What a client of a tenant's API server reads while this DataStore does not answer. */
    String clientError(SimManagement m) {
        if (spec.kine()) {
            return ApiErrors.kineDown(spec.driver());
        }
        return upCount(m) > 0 ? ApiErrors.storageTimeout() : ApiErrors.noEtcdMember();
    }
}
